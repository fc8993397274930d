import type { JoinViewer, PublicProgram } from '@rally/shared/public-programs';
import type { SubscriptionSummary } from '@rally/shared/subscriptions';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-client';
import { programPath } from '../../../lib/use-program-id';
import { useJoinProgram } from '../api';
import { formatPrice } from '../money';
import { AddChildInline } from './add-child-inline';
import { subscriptionStatusColor } from './subscription-status';

/** Props of {@link JoinForm}. */
export interface JoinFormProps {
  data: PublicProgram;
  viewer: JoinViewer;
}

/**
 * The signed-in part of the join page: each of the user's profiles with its
 * status in this program, a "Profile" picker of those that can join (or "Add a
 * child profile" inline), a "Fee plan" picker (required when the program has
 * plans), and "Request a place" (approval) or "Join" (open), then the result.
 */
export function JoinForm({ data, viewer }: JoinFormProps) {
  const { t, i18n } = useTranslation();
  const { program, feePlans } = data;
  const join = useJoinProgram(program.id);
  const candidates = viewer.profiles.filter((profile) => profile.subscription === null);
  const [profileId, setProfileId] = useState('');
  const [planId, setPlanId] = useState(feePlans.length === 1 ? (feePlans[0]?.id ?? '') : '');
  const [errors, setErrors] = useState<{ profile?: string; plan?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [result, setResult] = useState<SubscriptionSummary | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next = {
      profile: profileId ? undefined : t('join.pickProfile'),
      plan: feePlans.length > 0 && !planId ? t('join.pickPlan') : undefined,
    };
    setErrors(next);
    if (next.profile || next.plan) return;
    join.mutate(
      { profileId, ...(planId ? { planId } : {}) },
      {
        onSuccess: ({ subscription }) => {
          setResult(subscription);
          setProfileId('');
        },
        onError: (error) => {
          if (isApiError(error, 'conflict') && !error.detail) {
            setErrors({ profile: t('enrol.alreadyEnrolled') });
          } else setFailure(error);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {result && <JoinResult subscription={result} />}
      {viewer.profiles.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="join-your-profiles">
          <Title order={2} size="h4" id="join-your-profiles">
            {t('join.yourProfiles')}
          </Title>
          <Stack component="ul" gap={4} pl={0} m={0} style={{ listStyle: 'none' }}>
            {viewer.profiles.map((profile) => (
              <Group component="li" key={profile.profileId} gap="xs">
                <Text>{profile.displayName}</Text>
                {profile.subscription ? (
                  <>
                    <Badge
                      variant="light"
                      color={subscriptionStatusColor(profile.subscription.status)}
                    >
                      {profile.subscription.waitlistPosition
                        ? t('join.waitlisted', { position: profile.subscription.waitlistPosition })
                        : t(`subscriptions.statusValue.${profile.subscription.status}`)}
                    </Badge>
                    <Anchor
                      component={Link}
                      size="sm"
                      to={programPath(
                        program.id,
                        `/subscriptions/${encodeURIComponent(profile.subscription.id)}`,
                      )}
                    >
                      {t('join.viewSubscription', { name: profile.displayName })}
                    </Anchor>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('join.notJoined')}
                  </Text>
                )}
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NativeSelect
            label={t('join.profile')}
            data={[
              { value: '', label: t('enrol.profilePlaceholder') },
              ...candidates.map((profile) => ({
                value: profile.profileId,
                label: profile.displayName,
              })),
            ]}
            value={profileId}
            onChange={(event) => setProfileId(event.currentTarget.value)}
            error={errors.profile}
            required
          />
          {feePlans.length > 0 && (
            <NativeSelect
              label={t('join.plan')}
              data={[
                { value: '', label: t('join.planPlaceholder') },
                ...feePlans.map((plan) => ({
                  value: plan.id,
                  label: `${plan.name} · ${formatPrice(plan.priceMinor, plan.currency, i18n.language)}`,
                })),
              ]}
              value={planId}
              onChange={(event) => setPlanId(event.currentTarget.value)}
              error={errors.plan}
              required
            />
          )}
          {failure !== null && <ErrorAlert error={failure} />}
          <div>
            <Button type="submit" loading={join.isPending}>
              {program.joinPolicy === 'approval' && !viewer.canEnrolAnyone
                ? t('join.requestPlace')
                : t('join.join')}
            </Button>
          </div>
        </Stack>
      </form>
      <AddChildInline programId={program.id} onAdded={setProfileId} />
    </Stack>
  );
}

function JoinResult({ subscription }: { subscription: SubscriptionSummary }) {
  const { t } = useTranslation();
  const name = subscription.profileName;
  const message = subscription.waitlistPosition
    ? t('join.resultWaitlisted', { name, position: subscription.waitlistPosition })
    : subscription.status === 'pending'
      ? t('join.resultPending', { name })
      : t('join.resultActive', { name });
  return (
    <Alert color={subscription.status === 'active' ? 'green' : 'blue'} role="status">
      {message}{' '}
      <Anchor
        component={Link}
        to={programPath(
          subscription.programId,
          `/subscriptions/${encodeURIComponent(subscription.id)}`,
        )}
      >
        {t('join.openSubscription')}
      </Anchor>
    </Alert>
  );
}
