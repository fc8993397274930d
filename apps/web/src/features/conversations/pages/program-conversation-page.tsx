import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProgramId } from '../../../lib/use-program-id';
import { inboxRoutePath, type ThreadRef } from '../api';
import { ThreadView } from '../components/thread-view';

/**
 * One thread of a program's inbox (route `program-conversation`;
 * `otherParty` is the profileId, DESIGN.md §2): the program's staff with
 * that profile's family, live.
 */
export function ProgramConversationPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const { otherParty = '' } = useParams();
  const threadRef = useMemo<ThreadRef>(
    () => ({ scope: 'program', ownerId: programId, otherParty }),
    [programId, otherParty],
  );
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={inboxRoutePath('program', programId)} size="sm">
        <IconArrowLeft size={14} aria-hidden /> {t('conversations.backToInbox')}
      </Anchor>
      <ThreadView threadRef={threadRef} />
    </Stack>
  );
}
