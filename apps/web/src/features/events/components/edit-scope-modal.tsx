import type { EditScope } from '@rally/shared/events';
import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { parseWholeNumber } from './event-form-values';

const SCOPES: readonly EditScope[] = ['this', 'following', 'all'];

/** Props of {@link ScopeRadioGroup}. */
export interface ScopeRadioGroupProps {
  /** What the scope is for: saving changes or deleting. */
  action: 'edit' | 'delete';
  value: EditScope;
  onChange: (scope: EditScope) => void;
}

/**
 * "This event / This and following events / All events" for an occurrence of
 * a series, each explained (docs/decisions/006: "all" leaves sessions already
 * held as they were; "following" leaves earlier ones untouched).
 */
export function ScopeRadioGroup({ action, value, onChange }: ScopeRadioGroupProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={action === 'edit' ? t('eventScope.editLabel') : t('eventScope.deleteLabel')}
      value={value}
      onChange={(next) => onChange(next as EditScope)}
    >
      <Stack gap="sm" mt="xs">
        {SCOPES.map((scope) => (
          <Radio
            key={scope}
            value={scope}
            label={t(`eventScope.scope.${scope}`)}
            description={
              action === 'edit'
                ? t(`eventScope.editHint.${scope}`)
                : t(`eventScope.deleteHint.${scope}`)
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** What the person chose in {@link EditScopeModal}. */
export interface EditScopeChoice {
  scope: EditScope;
  /** With `following` on a rule that ends after a count: how many times from this event on. */
  count?: number;
}

/** Props of {@link EditScopeModal}. */
export interface EditScopeModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (choice: EditScopeChoice) => void;
  isPending: boolean;
  /**
   * When the edited rule ends after a count: the count "This and following"
   * starts from (the series' `remainingCount`, or what the person typed), as
   * text. Null when the rule does not end after a count.
   */
  followingCount: string | null;
}

/**
 * Asked before saving an occurrence of a series: which events the changes
 * apply to (PATCH `scope`). For "This and following" on a rule that ends
 * after a count, the number of times from this event on is asked too,
 * prefilled with what is left of the series.
 */
export function EditScopeModal({
  opened,
  onClose,
  onConfirm,
  isPending,
  followingCount,
}: EditScopeModalProps) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<EditScope>('this');
  const [count, setCount] = useState(followingCount ?? '');
  const [countError, setCountError] = useState<string | null>(null);
  const asksCount = scope === 'following' && followingCount !== null;

  const confirm = () => {
    if (!asksCount) {
      onConfirm({ scope });
      return;
    }
    const parsed = parseWholeNumber(count);
    if (parsed === null || Number.isNaN(parsed) || parsed < 1) {
      setCountError(t('eventScope.countInvalid'));
      return;
    }
    onConfirm({ scope, count: parsed });
  };

  return (
    <ConfirmModal
      opened={opened}
      title={t('eventScope.editTitle')}
      confirmLabel={t('actions.saveChanges')}
      color="blue"
      isPending={isPending}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Stack gap="md">
        <ScopeRadioGroup action="edit" value={scope} onChange={setScope} />
        {asksCount && (
          <TextInput
            label={t('eventScope.followingCount')}
            inputMode="numeric"
            maxLength={3}
            w={200}
            value={count}
            error={countError}
            onChange={(event) => {
              setCount(event.currentTarget.value);
              setCountError(null);
            }}
          />
        )}
        {scope === 'this' && (
          <Text size="sm" c="dimmed">
            {t('eventScope.thisKeepsRule')}
          </Text>
        )}
      </Stack>
    </ConfirmModal>
  );
}
