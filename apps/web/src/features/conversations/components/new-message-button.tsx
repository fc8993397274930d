import type { ConversationSummary } from '@rally/shared/conversations';
import { Avatar, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { threadRoutePath } from '../api';
import { initialsOf } from './inbox-row';

/** Props of {@link NewMessageButton}. */
export interface NewMessageButtonProps {
  programId: string;
  /** Enrolled profiles without a thread yet (inbox entries with `id: null`). */
  profiles: readonly ConversationSummary[];
}

/**
 * Staff's "New message": a dialog listing the enrolled profiles that have no
 * thread yet; choosing one opens its (empty) thread, where the first message
 * creates it (docs/decisions/007).
 */
export function NewMessageButton({ programId, profiles }: NewMessageButtonProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMessagePlus size={16} aria-hidden />}
        onClick={open}
      >
        {t('conversations.newMessage.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('conversations.newMessage.title')}>
        {profiles.length === 0 ? (
          <Text c="dimmed">{t('conversations.newMessage.none')}</Text>
        ) : (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            aria-label={t('conversations.newMessage.title')}
          >
            {profiles.map((entry) => (
              <li key={entry.profileId} style={{ listStyle: 'none' }}>
                <UnstyledButton
                  component={Link}
                  to={threadRoutePath({
                    scope: 'program',
                    ownerId: programId,
                    otherParty: entry.otherParty,
                  })}
                  onClick={close}
                  w="100%"
                  p="xs"
                  style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={entry.profilePhotoUrl} alt="" radius="xl" size="sm" aria-hidden>
                      {initialsOf(entry.profileName)}
                    </Avatar>
                    <Text>{entry.profileName}</Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Modal>
    </>
  );
}
