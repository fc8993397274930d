import type { JoinPolicy } from '@rally/shared/programs';
import { Anchor, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconCopy,
  IconEye,
  IconQrcode,
  IconShare,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QrCode } from '../../../components/qr-code';
import { publicOrigin } from '../../../lib/native-session';

/**
 * The public join page's address of a program (SPEC.md §2
 * `program-subscription-new`), absolute on `origin` (default: this site, or the API's origin in the native app).
 */
export function joinLinkOf(programId: string, origin: string = publicOrigin()): string {
  return `${origin}/programs/${encodeURIComponent(programId)}/subscriptions/new`;
}

/**
 * A WhatsApp "click to chat" link that opens WhatsApp with `text` ready to
 * send to any chat (https://faq.whatsapp.com/5913398998672934: `wa.me/?text=`).
 */
export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** Props of {@link ShareJoinLink}. */
export interface ShareJoinLinkProps {
  programId: string;
  programName: string;
  /** An `invite` program has no public join page: the section says so instead. */
  joinPolicy: JoinPolicy;
}

/**
 * "Share the join link" for a program's staff (docs/decisions/020): the
 * public join page's address with Copy (clipboard, "Copied"), Share (the
 * Web Share API where the browser has it — on phones it offers WhatsApp
 * and the other apps), an explicit WhatsApp link, a QR code to show on a
 * screen or print (drawn by the `qrcode` package, loaded only when asked
 * for), and a link to preview the join page as families see it.
 */
export function ShareJoinLink({ programId, programName, joinPolicy }: ShareJoinLinkProps) {
  const { t } = useTranslation();
  const [isQrShown, setIsQrShown] = useState(false);
  if (joinPolicy === 'invite') return <Text size="sm">{t('joinLink.inviteOnly')}</Text>;
  const url = joinLinkOf(programId);
  const message = t('joinLink.message', { program: programName, url });
  const canShare = typeof navigator.share === 'function';
  const share = () => {
    navigator
      .share({
        title: programName,
        text: t('joinLink.message', { program: programName, url: '' }).trim(),
        url,
      })
      // The person closing the share sheet (AbortError) is not a failure to report.
      .catch(() => undefined);
  };
  return (
    <Stack gap="xs">
      <Text size="sm">{t('joinLink.hint')}</Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          label={t('joinLink.label')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              h={44}
              variant={copied ? 'filled' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={
                copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
              onClick={copy}
            >
              {copied ? t('joinLink.copied') : t('joinLink.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group gap="xs">
        {canShare && (
          <Button h={44} leftSection={<IconShare size={18} aria-hidden />} onClick={share}>
            {t('joinLink.share')}
          </Button>
        )}
        <Button
          h={44}
          component="a"
          href={whatsAppShareUrl(message)}
          target="_blank"
          rel="noopener noreferrer"
          variant={canShare ? 'default' : 'filled'}
          color={canShare ? undefined : 'green.8'}
          leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
        >
          {t('joinLink.whatsApp')}
        </Button>
        <Button
          h={44}
          variant="default"
          aria-expanded={isQrShown}
          leftSection={<IconQrcode size={18} aria-hidden />}
          onClick={() => setIsQrShown((shown) => !shown)}
        >
          {isQrShown ? t('joinLink.hideQr') : t('joinLink.showQr')}
        </Button>
      </Group>
      {isQrShown && (
        <QrCode
          value={url}
          label={t('joinLink.qrLabel', { program: programName })}
          failedMessage={t('joinLink.qrFailed')}
        />
      )}
      <Anchor
        component={Link}
        to={`/programs/${encodeURIComponent(programId)}/subscriptions/new`}
        size="sm"
      >
        <Group gap={4} component="span" wrap="nowrap">
          <IconEye size={16} aria-hidden />
          {t('joinLink.preview')}
        </Group>
      </Anchor>
    </Stack>
  );
}
