import type { MyInvite } from '@rally/shared/invites';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  myInvitesQueryOptions,
  useAcceptInvite,
  useDeclineInvite,
  type AcceptedInvite,
} from '../api';

/**
 * "Invitations" at the top of the home page (docs/decisions/009): every
 * pending invitation of the user's phone — which organisation or profile,
 * which role or relationship, who sent it — each with "Accept" and
 * "Decline". Nothing changes for the user until they accept. Shows nothing
 * while loading or when there are none; a failed load says so with "Try again".
 */
export function InvitesPanel() {
  const { t } = useTranslation();
  const invites = useQuery(myInvitesQueryOptions());
  if (invites.isError) {
    return (
      <ErrorAlert
        error={invites.error}
        title={t('invites.loadFailed')}
        onRetry={() => void invites.refetch()}
      />
    );
  }
  const list = invites.data?.invites ?? [];
  if (list.length === 0) return null;
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="my-invites"
      bg="var(--mantine-color-blue-light)"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconMailOpened size={22} aria-hidden />
          <Title order={2} size="h3" id="my-invites">
            {t('invites.title', { count: list.length })}
          </Title>
        </Group>
        <Text size="sm">{t('invites.intro')}</Text>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((invite) => (
            <InviteRow key={`${invite.kind}-${invite.id}`} invite={invite} />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/** What the invitation offers, in a sentence naming who sent it. */
function describeInvite(t: TFunction, invite: MyInvite): string {
  const inviter = invite.invitedBy.displayName ?? t('invites.someone');
  if (invite.kind === 'org') {
    return t('invites.toOrg', {
      inviter,
      org: invite.org.name,
      role: t(`org.role.${invite.role}`),
    });
  }
  const name = invite.profile.displayName;
  return invite.relationship === 'self'
    ? t('invites.toOwnProfile', { inviter, name })
    : t('invites.toGuardian', { inviter, name });
}

/** What accepting did, as the toast says it. */
function describeAccepted(t: TFunction, invite: MyInvite, answer: AcceptedInvite): string {
  if ('org' in answer) {
    const role = answer.org.role ?? 'staff';
    return t('invites.joined', { org: answer.org.name, role: t(`org.role.${role}`) });
  }
  const name = answer.profile.displayName;
  if (answer.profile.relationship === 'self') return t('invites.ownProfile', { name });
  return invite.kind === 'profile' && invite.relationship === 'self'
    ? t('invites.guardianInstead', { name })
    : t('invites.managing', { name });
}

function InviteRow({ invite }: { invite: MyInvite }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const sentence = describeInvite(t, invite);
  const failure = accept.error ?? decline.error;
  // `mutateAsync`, not `mutate` callbacks: the refetched list unmounts this
  // row before a `mutate` callback would run, and the toast must still show.
  const answer = (send: () => Promise<string>) => {
    send().then(notify, (error: unknown) => {
      // Withdrawn or answered elsewhere meanwhile: say so, and let it leave the list.
      if (!isApiError(error, 'not_found')) return;
      notify(t('invites.gone'));
      void queryClient.invalidateQueries({ queryKey: ['invites'] });
    });
  };
  const isBusy = accept.isPending || decline.isPending;
  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap="xs">
        <Text>{sentence}</Text>
        <Group gap="xs">
          <Button
            size="sm"
            loading={accept.isPending}
            disabled={isBusy}
            aria-label={t('invites.acceptNamed', { invite: sentence })}
            onClick={() => {
              decline.reset();
              answer(async () => describeAccepted(t, invite, await accept.mutateAsync(invite)));
            }}
          >
            {t('invites.accept')}
          </Button>
          <Button
            size="sm"
            variant="default"
            loading={decline.isPending}
            disabled={isBusy}
            aria-label={t('invites.declineNamed', { invite: sentence })}
            onClick={() => {
              accept.reset();
              answer(async () => {
                await decline.mutateAsync(invite);
                return t('invites.declined');
              });
            }}
          >
            {t('invites.decline')}
          </Button>
        </Group>
        {failure !== null && !isApiError(failure, 'not_found') && (
          <ErrorAlert error={failure} title={t('invites.answerFailed')} />
        )}
      </Stack>
    </Card>
  );
}
