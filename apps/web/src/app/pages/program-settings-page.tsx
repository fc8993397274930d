import type { Program, ProgramDetail } from '@rally/shared/programs';
import { Alert, Stack, Table, Title } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { QueryState } from '../../components/query-state';
import { programQueryOptions } from '../../features/programs/api';
import { ArchiveSection } from '../../features/programs/components/archive-section';
import { ShareJoinLink } from '../../features/programs/components/share-join-link';
import { ProgramDetailsForm } from '../../features/programs/components/program-details-form';
import { ProgramStaffSection } from '../../features/programs/components/program-staff-section';
import { FeePlansSection } from '../../features/subscriptions/components/fee-plans-section';
import { canonicalTimeZone, formatDateTime } from '../../lib/format';
import { useProgramId } from '../../lib/use-program-id';

/**
 * A program's settings (route `program-settings`): details (name,
 * description, category, location, time zone, capacity, join policy), fee
 * plans, staff, and archive / restore. What `permissions` forbid is hidden;
 * an archived program is read-only except "Restore program".
 */
export function ProgramSettingsPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const program = useQuery(programQueryOptions(programId));
  return (
    <Stack gap="md">
      <PageTitle title={t('programSettings.title')} />
      <QueryState query={program} notFoundIsPage>
        {(detail) => <ProgramSettings detail={detail} />}
      </QueryState>
    </Stack>
  );
}

function ProgramSettings({ detail }: { detail: ProgramDetail }) {
  const { t } = useTranslation();
  const { program, permissions } = detail;
  const isArchived = program.status === 'archived';
  // Global admins may technically edit an archived program; the UI keeps it read-only for everyone.
  const canEdit = permissions.canEdit && !isArchived;
  const canManageStaff = permissions.canManageStaff && !isArchived;
  return (
    <Stack gap="xl">
      {isArchived && (
        <Alert
          color="gray"
          variant="light"
          title={t('program.archivedTitle')}
          icon={<IconArchive aria-hidden />}
        >
          {permissions.canArchive
            ? t('programSettings.archivedCanRestore')
            : t('program.archivedBody')}
        </Alert>
      )}
      <Section id="details" title={t('programSettings.details')}>
        {canEdit ? (
          <ProgramDetailsForm key={program.id} program={program} />
        ) : (
          <ProgramDetailsTable program={program} />
        )}
      </Section>
      {permissions.canManageSubscriptions && !isArchived && (
        <Section id="join-link" title={t('joinLink.title')}>
          <ShareJoinLink
            programId={program.id}
            programName={program.name}
            joinPolicy={program.joinPolicy}
          />
        </Section>
      )}
      <Section id="fee-plans" title={t('feePlans.title')}>
        <FeePlansSection programId={program.id} canEdit={canEdit} />
      </Section>
      <Section id="staff" title={t('program.staff')}>
        <ProgramStaffSection program={program} canManage={canManageStaff} />
      </Section>
      {permissions.canArchive && (
        <Section id="archive" title={t('archive.title')}>
          <ArchiveSection program={program} />
        </Section>
      )}
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Title order={2} size="h3" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ProgramDetailsTable({ program }: { program: Program }) {
  const { t, i18n } = useTranslation();
  const orNone = (value: string) => (value === '' ? t('programSettings.none') : value);
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        <Row label={t('programSettings.name')}>{program.name}</Row>
        <Row label={t('fields.description')}>{orNone(program.description)}</Row>
        <Row label={t('fields.category')}>{orNone(program.category)}</Row>
        <Row label={t('fields.timeZone')}>{canonicalTimeZone(program.timeZone)}</Row>
        <Row label={t('fields.location')}>{orNone(program.location)}</Row>
        <Row label={t('programSettings.capacity')}>
          {program.capacity === null ? t('programSettings.noLimit') : program.capacity}
        </Row>
        <Row label={t('programSettings.joining')}>
          {t(`program.joinPolicy.${program.joinPolicy}`)}
        </Row>
        <Row label={t('programSettings.status')}>
          {t(`programSettings.statusValue.${program.status}`)}
        </Row>
        <Row label={t('programSettings.created')}>
          {formatDateTime(program.createdAt, program.timeZone, i18n.language)}
        </Row>
      </Table.Tbody>
    </Table>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140}>{label}</Table.Th>
      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{children}</Table.Td>
    </Table.Tr>
  );
}
