import type { Org } from '@rally/shared/orgs';
import { Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../lib/notify';
import { useDeleteOrg, useForgetOrgWhenGone } from '../api';

/** Props of {@link DeleteOrgSection}. */
export interface DeleteOrgSectionProps {
  org: Org;
}

/**
 * The danger zone (owners only): "Delete organisation" opens a dialog whose
 * confirm button stays disabled until the org's exact name is typed (the
 * server checks it again); after deletion the app goes home.
 */
export function DeleteOrgSection({ org }: DeleteOrgSectionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markGone = useForgetOrgWhenGone(org.id);
  const deleteOrg = useDeleteOrg(org.id);
  const [opened, modal] = useDisclosure(false);
  const [typedName, setTypedName] = useState('');

  const onDelete = () =>
    deleteOrg.mutate(typedName, {
      onSuccess: async () => {
        modal.close();
        notify(t('deleteOrg.deleted', { org: org.name }));
        markGone();
        await navigate('/', { replace: true });
      },
    });

  return (
    <Card withBorder padding="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="sm" align="flex-start">
        <Text>{t('deleteOrg.intro')}</Text>
        <Button
          color="red"
          onClick={() => {
            deleteOrg.reset();
            setTypedName('');
            modal.open();
          }}
        >
          {t('deleteOrg.button')}
        </Button>
      </Stack>
      <ConfirmModal
        opened={opened}
        title={t('deleteOrg.title', { org: org.name })}
        confirmLabel={t('deleteOrg.button')}
        onClose={modal.close}
        isPending={deleteOrg.isPending}
        error={deleteOrg.error}
        isConfirmDisabled={typedName !== org.name}
        onConfirm={onDelete}
      >
        <Stack gap="sm">
          <Text>{t('deleteOrg.body', { org: org.name })}</Text>
          <TextInput
            label={t('deleteOrg.confirmLabel')}
            description={t('deleteOrg.confirmHint', { org: org.name })}
            value={typedName}
            onChange={(event) => setTypedName(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        </Stack>
      </ConfirmModal>
    </Card>
  );
}
