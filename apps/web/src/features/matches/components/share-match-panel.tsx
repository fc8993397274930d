import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MatchView, SharedMatch } from '@rally/shared/matches';
import { routePath } from '@rally/shared/routes';
import { IconAlertCircle, IconCheck, IconLink, IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { publicOrigin } from '../../../lib/native-session';
import { dateTimeFormat, formatDateTime, viewerTimeZone } from '../../../lib/format';
import { sharedMatchQueryOptions } from '../api';
import { renderScoreCard, scoreCardFileName, type ScoreCardText } from '../score-card';
import { matchSides, scoreText } from '../shared-match';

/** Props of {@link ShareMatchPanel}. */
export interface ShareMatchPanelProps {
  /** The match as staff see it: its `shareToken` and status decide what can be shared. */
  view: Pick<MatchView, 'shareToken' | 'status'>;
}

/** Where a copy or a card stands. */
type Progress =
  | { kind: 'idle' }
  | { kind: 'copied' }
  | { kind: 'copyFailed'; url: string }
  | { kind: 'rendering' }
  | { kind: 'downloaded'; fileName: string }
  | { kind: 'ready'; shareData: ShareData }
  | { kind: 'failed'; error: unknown };

/**
 * Staff's sharing of a match (docs/decisions/030): "Copy share link" copies
 * the signed-out link (`match-share`, its secret is the permission), and
 * "Share score card" draws the card (score-card.ts, the canvas library
 * loaded only then) from what the link shows and hands it to the phone's
 * share sheet (Web Share API with files), or downloads the PNG where the
 * browser cannot share files. A planned match is not shared yet.
 */
export function ShareMatchPanel({ view }: ShareMatchPanelProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });
  const token = view.shareToken;
  const isShared = token !== null && token !== '' && view.status !== 'planned';

  if (!isShared) {
    return (
      <Stack gap="xs" component="section" aria-label={t('eventMatch.share.title')}>
        <Title order={3} size="h5">
          {t('eventMatch.share.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('eventMatch.share.notShared')}
        </Text>
      </Stack>
    );
  }
  // The server's origin in the native app, whose own origin means nothing elsewhere.
  const url = new URL(routePath('match-share', { shareToken: token }), publicOrigin()).toString();

  const openShareSheet = async (shareData: ShareData) => {
    try {
      await navigator.share(shareData);
      setProgress({ kind: 'idle' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        // The person closed the share sheet: nothing went wrong.
        setProgress({ kind: 'idle' });
      } else if (error instanceof DOMException && error.name === 'NotAllowedError') {
        // Drawing took long enough for the browser to stop counting the tap:
        // the card is ready, and a second tap shares it.
        setProgress({ kind: 'ready', shareData });
      } else {
        setProgress({ kind: 'failed', error });
      }
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setProgress({ kind: 'copied' });
    } catch {
      setProgress({ kind: 'copyFailed', url });
    }
  };

  const shareCard = async () => {
    setProgress({ kind: 'rendering' });
    try {
      // What the link shows now, not a copy up to a refresh old.
      const match = await queryClient.fetchQuery({
        ...sharedMatchQueryOptions(token),
        staleTime: 0,
      });
      const blob = await renderScoreCard(match, cardText(t, match, i18n.language));
      const fileName = scoreCardFileName(match);
      const file = new File([blob], fileName, { type: 'image/png' });
      const shareData = { files: [file], title: cardTitle(t, match), url };
      if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
        await openShareSheet(shareData);
        return;
      }
      download(blob, fileName);
      setProgress({ kind: 'downloaded', fileName });
    } catch (error) {
      setProgress({ kind: 'failed', error });
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label={t('eventMatch.share.title')}>
      <Title order={3} size="h5">
        {t('eventMatch.share.title')}
      </Title>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={() => void copy()}
        >
          {t('eventMatch.share.copyLink')}
        </Button>
        <Button
          leftSection={<IconPhoto size={16} aria-hidden />}
          loading={progress.kind === 'rendering'}
          onClick={() => void shareCard()}
        >
          {t('eventMatch.share.shareCard')}
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {progress.kind === 'rendering' && <Text size="sm">{t('eventMatch.share.rendering')}</Text>}
        {progress.kind === 'copied' && (
          <Group gap={4} wrap="nowrap">
            <IconCheck size={16} aria-hidden color="var(--mantine-color-teal-7)" />
            <Text size="sm">{t('eventMatch.share.copied')}</Text>
          </Group>
        )}
        {progress.kind === 'downloaded' && (
          <Text size="sm">{t('eventMatch.share.downloaded', { file: progress.fileName })}</Text>
        )}
      </div>
      {progress.kind === 'ready' && (
        <Button
          variant="light"
          leftSection={<IconPhoto size={16} aria-hidden />}
          onClick={() => void openShareSheet(progress.shareData)}
        >
          {t('eventMatch.share.shareNow')}
        </Button>
      )}
      {progress.kind === 'copyFailed' && (
        <TextInput
          readOnly
          label={t('eventMatch.share.copyFailed')}
          value={progress.url}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
      {progress.kind === 'failed' && (
        <Alert
          color="red"
          role="alert"
          title={t('eventMatch.share.cardFailed')}
          icon={<IconAlertCircle aria-hidden />}
        >
          {describeError(t, progress.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** The card's words in the viewer's language (score-card.ts {@link ScoreCardText}). */
function cardText(t: TFunction, match: SharedMatch, locale: string): ScoreCardText {
  const date = dateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(match.startsAt));
  return {
    status:
      match.status === 'published'
        ? t('eventMatch.share.card.published', {
            time: formatDateTime(match.startsAt, viewerTimeZone(), locale),
          })
        : t(`eventMatch.share.card.${match.status}`),
    date,
    opponentUnknown: t('eventMatch.opponentUnknown'),
    ownGoal: t('eventMatch.share.card.ownGoal'),
    goals: t('eventMatch.share.card.goals'),
  };
}

/** The share sheet's title: "Rally U10 2–1 Rovers". */
function cardTitle(t: TFunction, match: SharedMatch): string {
  const [first, second] = matchSides(match);
  const name = (side: typeof first) => side.name ?? t('eventMatch.opponentUnknown');
  return t('eventMatch.share.cardShareTitle', {
    first: name(first),
    score: scoreText(match),
    second: name(second),
  });
}

/** Saves `blob` as `fileName` through a temporary link (where the browser cannot share files). */
function download(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
