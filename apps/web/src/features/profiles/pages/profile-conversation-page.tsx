import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { profileQueryOptions } from '../api';
import { useProfileId } from '../use-profile-id';

/**
 * One conversation of a profile (route `profile-conversation`; `otherParty` is
 * the program id, DESIGN.md §2): which program's staff it is with. Messages
 * have no API yet, which the page states.
 */
export function ProfileConversationPage() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  const { otherParty = '' } = useParams();
  const profile = useQuery(profileQueryOptions(profileId));
  return (
    <QueryState query={profile} notFoundIsPage>
      {({ profile: details, programs }) => {
        const program = programs.find((item) => item.programId === otherParty);
        if (!program) return <NotFound />;
        return (
          <Stack gap="md">
            <PageTitle title={t('conversation.withProgram', { program: program.programName })} />
            <Text>
              {t('conversation.profileIntro', {
                name: details.displayName,
                program: program.programName,
                org: program.orgName,
              })}
            </Text>
            <Alert color="blue">{t('conversation.unavailable')}</Alert>
          </Stack>
        );
      }}
    </QueryState>
  );
}
