import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth';
import { dateTimeFormat } from '../../../lib/format';
import { useFocusOnMount } from './totp-code-field';

/** File name of the downloaded recovery codes. */
export const RECOVERY_CODES_FILE = 'rally-recovery-codes.txt';

/**
 * Saves `text` as a plain-text file named `fileName` through a Blob's object
 * URL and a temporary `<a download>`; the URL is revoked a moment later
 * (revoking at once can cancel the download in Safari).
 */
function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Props of {@link RecoveryCodesPanel}. */
export interface RecoveryCodesPanelProps {
  /** The codes the server answered (`xxxx-xxxx-xxxx`), shown only now: it keeps their hashes. */
  codes: string[];
  /** "I've saved my recovery codes". */
  onDone: () => void;
}

/**
 * The recovery codes of the authenticator app, shown once right after they
 * were made (DESIGN.md §3: 10 single-use codes, hashes only on the server):
 * a warning that they will not be shown again, the codes in a monospace
 * list, "Copy all" (one per line), "Download" (a .txt file with the phone
 * number and date) and "I've saved my recovery codes", which closes them.
 */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const allCodes = codes.join('\n');
  const download = () => {
    const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date());
    const text = [
      t('authenticator.fileHeading', { phone: user?.phoneNumber ?? '' }),
      t('authenticator.fileNote', { date }),
      '',
      allCodes,
      '',
    ].join('\n');
    downloadText(text, RECOVERY_CODES_FILE);
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        {t('authenticator.codesTitle')}
      </Title>
      <Alert
        color="yellow"
        title={t('authenticator.codesWarningTitle')}
        icon={<IconAlertTriangle aria-hidden />}
      >
        {t('authenticator.codesWarning')}
      </Alert>
      <SimpleGrid
        component="ul"
        aria-label={t('authenticator.codesListLabel')}
        cols={2}
        spacing="xs"
        verticalSpacing={4}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" fz="md">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={allCodes}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? t('authenticator.copied') : t('authenticator.copyAll')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download} leftSection={<IconDownload size={16} />}>
          {t('authenticator.download')}
        </Button>
      </Group>
      <Button onClick={onDone} style={{ alignSelf: 'flex-start' }}>
        {t('authenticator.saved')}
      </Button>
    </Stack>
  );
}
