import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SharedIncident, SharedMatch } from '@rally/shared/matches';
import { IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime, viewerTimeZone } from '../../../lib/format';
import { useIsOnline } from '../../../lib/online';
import { sharedMatchQueryOptions } from '../api';
import { useNow } from '../live-match';
import { clockText, incidentMinute, matchSides, scoreText, type MatchSide } from '../shared-match';

/**
 * The signed-out share link of a match (`match-share`, docs/decisions/030):
 * who plays whom, the score, the status with a running clock and the
 * timeline, asked again every 15 s while live. A link that does not work
 * (unknown, unpublished or cancelled: 404; a malformed secret: 400) says
 * so; offline, the last score stays (the layout says since when) and the
 * clock stops, as nobody can tell whether the match went on.
 */
export function MatchSharePage() {
  const { t } = useTranslation();
  const { shareToken = '' } = useParams();
  const query = useQuery(sharedMatchQueryOptions(shareToken));
  const isOnline = useIsOnline();
  const match = query.data;

  return (
    <Container size="xs" px="xs" py="md">
      {query.isPending && (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" />
          <Text>{t('matchShare.loading')}</Text>
        </Group>
      )}
      {query.isError && !match && (
        <ShareError error={query.error} onRetry={() => void query.refetch()} />
      )}
      {match && <SharedMatchView match={match} isOffline={!isOnline} />}
    </Container>
  );
}

/** Why the page has no match to show: a link that does not work, no network, or another failure. */
function ShareError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const isBrokenLink = isApiError(error) && (error.status === 404 || error.status === 400);
  if (isBrokenLink) {
    return (
      <Alert color="gray" title={t('matchShare.notFound.title')} role="alert">
        {t('matchShare.notFound.body')}
      </Alert>
    );
  }
  if (isApiError(error, 'network_error')) {
    return (
      <Alert
        color="yellow"
        icon={<IconWifiOff aria-hidden />}
        title={t('matchShare.offline.title')}
        role="alert"
      >
        <Text size="sm">{t('matchShare.offline.body')}</Text>
        <Button mt="sm" size="xs" variant="light" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </Alert>
    );
  }
  return <ErrorAlert error={error} onRetry={onRetry} />;
}

/** The scoreboard and the timeline of a shared match. */
function SharedMatchView({ match, isOffline }: { match: SharedMatch; isOffline: boolean }) {
  const { t, i18n } = useTranslation();
  const [first, second] = matchSides(match);
  const sideName = (side: MatchSide) => side.name ?? t('matchShare.opponentUnknown');
  const title = t('matchShare.title', { first: sideName(first), second: sideName(second) });
  useDocumentTitle(`${title} · ${t('app.name')}`);
  const isRunning = match.clock.phase === 'running' && !isOffline;
  const now = useNow(isRunning);
  const clock = clockText(match, now);

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs" align="center">
          <Text size="sm" c="dimmed" ta="center">
            {[match.orgName, match.competition].filter(Boolean).join(' · ')}
          </Text>
          <Title order={1} size="h3" ta="center">
            {title}
          </Title>
          <Text
            fz={56}
            fw={800}
            lh={1}
            aria-label={t('matchShare.scoreLabel', {
              first: sideName(first),
              firstGoals: first.goals,
              second: sideName(second),
              secondGoals: second.goals,
            })}
          >
            {scoreText(match)}
          </Text>
          <Group gap="xs" justify="center">
            <Badge
              color={match.status === 'live' ? 'red' : 'gray'}
              variant={match.status === 'live' ? 'filled' : 'light'}
            >
              {statusText(t, match, i18n.language)}
            </Badge>
            {match.status === 'live' && <Text size="sm">{phaseText(t, match)}</Text>}
            {clock && (
              <Text size="sm" ff="monospace" aria-label={t('matchShare.clockLabel')}>
                {clock}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t(`matchShare.venue.${match.venue}`)}
          </Text>
          {match.status === 'live' && (
            <Text size="xs" c="dimmed" ta="center">
              {t('matchShare.updates')}
            </Text>
          )}
        </Stack>
      </Card>
      <Stack gap="xs" component="section" aria-labelledby="match-share-timeline">
        <Title order={2} size="h4" id="match-share-timeline">
          {t('matchShare.timelineTitle')}
        </Title>
        {match.timeline.length === 0 ? (
          <Text c="dimmed">{t('matchShare.timelineEmpty')}</Text>
        ) : (
          <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
            {match.timeline.map((incident, index) => (
              <Group component="li" key={index} gap="sm" wrap="nowrap" align="baseline">
                <Text fw={700} w={52} ta="right" style={{ flexShrink: 0 }}>
                  {incidentMinute(match, incident)}
                </Text>
                <Text>{incidentText(t, incident, sideName(first.isUs ? second : first))}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Text size="xs" c="dimmed" ta="center">
        {t('matchShare.poweredBy', { org: match.orgName })}
      </Text>
    </Stack>
  );
}

/** The status badge: kick-off time before the match, "Live", "Full time". */
function statusText(t: TFunction, match: SharedMatch, locale: string): string {
  if (match.status === 'published') {
    return t('matchShare.status.published', {
      time: formatDateTime(match.startsAt, viewerTimeZone(), locale),
    });
  }
  return t(`matchShare.status.${match.status}`);
}

/** Where a live match stands: which period, stopped or at a break. */
function phaseText(t: TFunction, match: SharedMatch): string {
  return t(`matchShare.phase.${match.clock.phase}`, { period: match.clock.period });
}

/** One timeline line: what happened, with the names the organisation shares. */
function incidentText(t: TFunction, incident: SharedIncident, opponent: string): string {
  const { name, relatedName } = incident;
  switch (incident.type) {
    case 'goal': {
      const scored = name
        ? t('matchShare.incident.goalBy', { name })
        : t('matchShare.incident.goal');
      return relatedName
        ? `${scored} (${t('matchShare.incident.assist', { name: relatedName })})`
        : scored;
    }
    case 'own_goal':
      return t('matchShare.incident.own_goal', { opponent });
    case 'opponent_goal':
      return t('matchShare.incident.opponent_goal', { opponent });
    case 'yellow':
      return name ? t('matchShare.incident.yellowFor', { name }) : t('matchShare.incident.yellow');
    case 'red':
      return name ? t('matchShare.incident.redFor', { name }) : t('matchShare.incident.red');
    case 'substitution':
      return name && relatedName
        ? t('matchShare.incident.substitutionNamed', { on: relatedName, off: name })
        : t('matchShare.incident.substitution');
  }
}
