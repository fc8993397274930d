import type { Home } from '@rally/shared/home';
import { Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingCommunity, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { lazyPart } from '../../../lib/lazy-part';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { LoadingLines, QueryState } from '../../../components/query-state';
import { useAuth } from '../../../lib/auth';
import { formatLocalDate } from '../../../lib/format';
import { downloadFailedError } from '../../../lib/lazy-part';
import { homeQueryOptions } from '../api';
import { FamilyDues } from '../components/family-dues';
import { FamilyEvents } from '../components/family-events';
import { InvitesPanel } from '../components/invites-panel';
import { StaffToday } from '../components/staff-today';

// Only needed by some visitors: loaded when shown, not with the page.
/** A part of the page whose download failed (offline): says so, with "Try again". */
const partFailed = (retry: () => void) => (
  <ErrorAlert error={downloadFailedError} onRetry={retry} />
);
const DisplayNameForm = lazyPart(() =>
  import('../../../components/display-name-form').then((module) => module.DisplayNameForm),
);
// FullCalendar is large: the calendar loads only when asked for (the home page is the
// first signed-in screen, docs/decisions/019).
const FamilyCalendar = lazyPart(() =>
  import('../components/family-calendar').then((module) => module.FamilyCalendar),
);
// Only a new user sees it (with the only text field of the home: the
// inputs' code and styles stay off everyone else's first screen).
const GetStarted = lazyPart(() =>
  import('../components/get-started').then((module) => module.GetStarted),
);
const AddChildProfileModal = lazyPart(() =>
  import('../components/add-child-profile-modal').then((module) => module.AddChildProfileModal),
);

/**
 * The home page (route `root`), a home for each role in one request
 * (`GET /api/home`, docs/decisions/019): invitations waiting for an answer
 * first (docs/decisions/009); for staff "Today and tomorrow" with "Take
 * attendance", join requests and unread threads; for a new user "join by
 * link" or "create an organisation"; for families one card per event with
 * each child's answer buttons, dues and waitlist places; then the family
 * calendar on request (every managed profile's events, clashes flagged),
 * profiles and organisations, with "Create organisation" and "Add a child profile".
 */
export function RootPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const home = useQuery(homeQueryOptions());
  const [addChildOpened, addChild] = useDisclosure(false);
  const name = user?.displayName;

  return (
    <Stack gap="lg">
      <PageTitle title={name ? t('home.greeting', { name }) : t('home.title')} />
      {user && user.displayName === null && (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('onboarding.title')}
            </Title>
            <Text size="sm">{t('onboarding.intro')}</Text>
            <DisplayNameForm
              submitLabel={t('onboarding.continue')}
              fallback={<LoadingLines />}
              failed={partFailed}
            />
          </Stack>
        </Card>
      )}
      <InvitesPanel />
      <QueryState query={home}>
        {(data) => <HomeSections data={data} onAddChild={addChild.open} />}
      </QueryState>
      {addChildOpened && <AddChildProfileModal opened onClose={addChild.close} />}
    </Stack>
  );
}

function HomeSections({ data, onAddChild }: { data: Home; onAddChild: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isCalendarShown, calendar] = useDisclosure(false);
  const { family } = data;
  return (
    <>
      {data.staff && <StaffToday staff={data.staff} />}
      {data.isNewcomer && <GetStarted fallback={<LoadingLines />} failed={partFailed} />}
      {(!data.isNewcomer || family.events.length > 0) && (
        <Section
          title={t('home.nextEvents')}
          action={null}
          body={
            <Stack gap="sm">
              <FamilyEvents events={family.events} />
              <FamilyDues dues={family.dues} waitlist={family.waitlist} />
            </Stack>
          }
        />
      )}
      {data.profiles.length > 0 && (
        <Section
          title={t('familyCalendar.title')}
          action={
            isCalendarShown ? null : (
              <Button variant="light" mih={44} onClick={calendar.open}>
                {t('home.showCalendar')}
              </Button>
            )
          }
          body={
            isCalendarShown ? (
              <FamilyCalendar
                profiles={data.profiles}
                fallback={<LoadingLines />}
                failed={partFailed}
              />
            ) : null
          }
        />
      )}
      <Section
        title={t('home.profiles')}
        action={
          <Button
            variant="light"
            size="compact-md"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={onAddChild}
          >
            {t('home.addChild')}
          </Button>
        }
        body={
          data.profiles.length === 0 ? (
            <Text c="dimmed">{t('home.noProfiles')}</Text>
          ) : (
            <LinkList
              items={data.profiles.map((profile) => ({
                key: profile.id,
                to: `/p/${encodeURIComponent(profile.id)}/calendar`,
                title: profile.displayName,
                badge:
                  profile.relationship === 'self'
                    ? t('home.relationship.self')
                    : t('home.relationship.guardian'),
                detail: profile.dateOfBirth
                  ? t('home.bornOn', { date: formatLocalDate(profile.dateOfBirth) })
                  : undefined,
              }))}
            />
          )
        }
      />
      <Section
        title={t('home.orgs')}
        action={
          <Button
            variant="light"
            size="compact-md"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => void navigate('/orgs/create')}
          >
            {t('home.createOrg')}
          </Button>
        }
        body={
          data.orgs.length === 0 ? (
            <Text c="dimmed">{t('home.noOrgs')}</Text>
          ) : (
            <LinkList
              items={data.orgs.map((org) => ({
                key: org.id,
                to: `/orgs/${encodeURIComponent(org.id)}`,
                title: org.name,
                badge: org.role ? t(`org.role.${org.role}`) : undefined,
                icon: <IconBuildingCommunity size={18} aria-hidden />,
              }))}
            />
          )
        }
      />
    </>
  );
}

function Section({ title, action, body }: { title: string; action: ReactNode; body: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        {action}
      </Group>
      {body}
    </Stack>
  );
}

interface LinkListItem {
  key: string;
  to: string;
  title: string;
  badge?: string;
  detail?: string;
  icon?: ReactNode;
}

function LinkList({ items }: { items: LinkListItem[] }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item.key}>
          <Card withBorder padding="sm">
            <UnstyledButton component={Link} to={item.to} style={{ display: 'block' }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap">
                  {item.icon}
                  <Text fw={600}>{item.title}</Text>
                </Group>
                {item.badge && <Badge variant="light">{item.badge}</Badge>}
              </Group>
              {item.detail && (
                <Text size="sm" c="dimmed">
                  {item.detail}
                </Text>
              )}
            </UnstyledButton>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
