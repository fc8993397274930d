import type { MatchFormat, MatchFormatFields } from '@rally/shared/matches';
import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { QueryState } from '../../../components/query-state';
import { notify } from '../../../lib/notify';
import {
  matchFormatsQueryOptions,
  useCreateMatchFormat,
  useDeleteMatchFormat,
  useUpdateMatchFormat,
} from '../api';
import { MatchFormatForm } from './match-format-form';

/** Props of {@link MatchFormatsSection}. */
export interface MatchFormatsSectionProps {
  orgId: string;
}

/** A format in one line: "7 players · 2 × 25 min · min. 50 %" (DESIGN.md §9). */
export function formatSummary(t: TFunction, format: MatchFormat): string {
  const counts = {
    players: format.playersOnField,
    periods: format.periods,
    minutes: format.periodMinutes,
  };
  return format.minPlayShare > 0
    ? t('matchFormats.summary', { ...counts, share: Math.round(format.minPlayShare * 100) })
    : t('matchFormats.summaryNoMinimum', counts);
}

/**
 * An organisation's match format templates (DESIGN.md §9,
 * docs/decisions/030 "Formats"): every member sees them; owners and admins
 * (`canEdit` of `GET .../match-formats`) add one starting from an existing
 * format (its periods and positions copied), edit one in place, or delete
 * one after a confirmation. Matches keep their own copy either way.
 */
export function MatchFormatsSection({ orgId }: MatchFormatsSectionProps) {
  const { t } = useTranslation();
  const formats = useQuery(matchFormatsQueryOptions(orgId));
  const remove = useDeleteMatchFormat(orgId);
  const confirm = useConfirmTarget<MatchFormat>();
  const [editingId, setEditingId] = useState<string | null>(null);

  const askDelete = (format: MatchFormat) => {
    remove.reset();
    confirm.open(format);
  };
  const confirmDelete = () => {
    const target = confirm.target;
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        confirm.close();
        notify(t('matchFormats.deleted', { name: target.name }));
      },
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('matchFormats.intro')}
      </Text>
      <QueryState query={formats}>
        {({ formats: list, canEdit }) => (
          <>
            {list.length === 0 ? (
              <Text c="dimmed">{t('matchFormats.none')}</Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {list.map((format) => (
                  <Card key={format.id} component="li" withBorder padding="sm">
                    {editingId === format.id ? (
                      <EditFormat orgId={orgId} format={format} onDone={() => setEditingId(null)} />
                    ) : (
                      <FormatRow
                        format={format}
                        canEdit={canEdit}
                        onEdit={() => setEditingId(format.id)}
                        onDelete={() => askDelete(format)}
                      />
                    )}
                  </Card>
                ))}
              </Stack>
            )}
            {canEdit && <AddFormat orgId={orgId} formats={list} />}
          </>
        )}
      </QueryState>
      <ConfirmModal
        opened={confirm.isOpen}
        title={t('matchFormats.deleteTitle', { name: confirm.target?.name ?? '' })}
        confirmLabel={t('matchFormats.deleteConfirm')}
        onConfirm={confirmDelete}
        onClose={confirm.close}
        isPending={remove.isPending}
        error={remove.error}
      >
        {t('matchFormats.deleteBody')}
      </ConfirmModal>
    </Stack>
  );
}

function FormatRow({
  format,
  canEdit,
  onEdit,
  onDelete,
}: {
  format: MatchFormat;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <div>
        <Text fw={600}>{format.name}</Text>
        <Text size="sm">{formatSummary(t, format)}</Text>
      </div>
      {canEdit && (
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={t('matchFormats.editNamed', { name: format.name })}
            onClick={onEdit}
          >
            {t('matchFormats.edit')}
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            color="red"
            aria-label={t('matchFormats.deleteNamed', { name: format.name })}
            onClick={onDelete}
          >
            {t('matchFormats.delete')}
          </Button>
        </Group>
      )}
    </Group>
  );
}

function EditFormat({
  orgId,
  format,
  onDone,
}: {
  orgId: string;
  format: MatchFormat;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateMatchFormat(orgId);
  const mutation = {
    isPending: update.isPending,
    mutate: (body: MatchFormatFields, callbacks: MutateCallbacks) =>
      update.mutate({ ...body, formatId: format.id }, callbacks),
  };
  return (
    <MatchFormatForm
      initial={format}
      initialName={format.name}
      mutation={mutation}
      notice={(saved) => t('matchFormats.saved', { name: saved.name })}
      onDone={onDone}
    />
  );
}

/** What a new format starts from when the org has none left to copy: a goalkeeper alone. */
function blankFormat(t: TFunction): MatchFormatFields {
  return {
    name: '',
    playersOnField: 1,
    periods: 2,
    periodMinutes: 25,
    minPlayShare: 0,
    positions: [
      { key: 'GK', label: t('matchFormats.goalkeeper'), x: 0.5, y: 0.06, isGoalkeeper: true },
    ],
  };
}

type MutateCallbacks = { onSuccess: (answer: MatchFormat) => void; onError: (e: unknown) => void };

function AddFormat({ orgId, formats }: { orgId: string; formats: readonly MatchFormat[] }) {
  const { t } = useTranslation();
  const create = useCreateMatchFormat(orgId);
  const [isAdding, setIsAdding] = useState(false);
  const [baseId, setBaseId] = useState(formats[0]?.id ?? '');
  const base = formats.find((f) => f.id === baseId) ?? formats[0] ?? blankFormat(t);

  if (!isAdding) {
    return (
      <Button variant="light" onClick={() => setIsAdding(true)} style={{ alignSelf: 'flex-start' }}>
        {t('matchFormats.add')}
      </Button>
    );
  }
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="new-match-format">
      <Stack gap="md">
        <Title order={3} size="h4" id="new-match-format">
          {t('matchFormats.addTitle')}
        </Title>
        {formats.length > 0 && (
          <NativeSelect
            label={t('matchFormats.base')}
            description={t('matchFormats.baseHint')}
            data={formats.map((f) => ({ value: f.id, label: f.name }))}
            value={baseId}
            onChange={(event) => setBaseId(event.currentTarget.value)}
          />
        )}
        <MatchFormatForm
          key={baseId}
          initial={base}
          initialName={base.name === '' ? '' : t('matchFormats.copyName', { name: base.name })}
          mutation={create}
          notice={(saved) => t('matchFormats.added', { name: saved.name })}
          onDone={() => setIsAdding(false)}
        />
      </Stack>
    </Card>
  );
}
