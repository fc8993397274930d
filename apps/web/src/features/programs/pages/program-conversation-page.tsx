import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { programSubscriptionsQueryOptions } from '../api';
import { useProgramId } from '../use-program-id';

/**
 * One conversation of a program (route `program-conversation`; `otherParty`
 * is the profile id, DESIGN.md §2): who it is with. Messages have no API yet,
 * which the page states.
 */
export function ProgramConversationPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const { otherParty = '' } = useParams();
  const subscriptions = useQuery(programSubscriptionsQueryOptions(programId));
  return (
    <QueryState query={subscriptions} notFoundIsPage>
      {(list) => {
        const subscription = list.find((item) => item.profileId === otherParty);
        if (!subscription) return <NotFound />;
        return (
          <Stack gap="md">
            <PageTitle title={t('conversation.withProfile', { name: subscription.profileName })} />
            <Text>{t('conversation.programIntro', { name: subscription.profileName })}</Text>
            <Alert color="blue">{t('conversation.unavailable')}</Alert>
          </Stack>
        );
      }}
    </QueryState>
  );
}
