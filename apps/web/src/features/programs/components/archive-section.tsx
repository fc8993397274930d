import type { Program } from '@rally/shared/programs';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../lib/notify';
import { useSetProgramArchived } from '../api';

/** Props of {@link ArchiveSection}. */
export interface ArchiveSectionProps {
  program: Program;
}

/**
 * "Archive program" for an active program, "Restore program" for an archived
 * one (the program's managers, org owners and admins: `canArchive`), each
 * after a confirmation that says what changes.
 */
export function ArchiveSection({ program }: ArchiveSectionProps) {
  const { t } = useTranslation();
  const setArchived = useSetProgramArchived(program.id);
  const isArchived = program.status === 'archived';
  // What the open (or closing) dialog asks: fixed when it opens, so it does not flip
  // to the opposite action while it fades out after success.
  const [dialog, setDialog] = useState<{ isOpen: boolean; isRestore: boolean }>({
    isOpen: false,
    isRestore: isArchived,
  });
  const label = (isRestore: boolean) => (isRestore ? t('archive.restore') : t('archive.archive'));
  const close = () => setDialog((current) => ({ ...current, isOpen: false }));

  const onConfirm = () => {
    const { isRestore } = dialog;
    setArchived.mutate(!isRestore, {
      onSuccess: () => {
        close();
        notify(
          isRestore
            ? t('archive.restored', { name: program.name })
            : t('archive.archived', { name: program.name }),
        );
      },
    });
  };

  return (
    <Stack gap="sm" align="flex-start">
      <Text>{isArchived ? t('archive.restoreIntro') : t('archive.archiveIntro')}</Text>
      <Button
        variant="light"
        color={isArchived ? 'blue' : 'red'}
        onClick={() => {
          setArchived.reset();
          setDialog({ isOpen: true, isRestore: isArchived });
        }}
      >
        {label(isArchived)}
      </Button>
      <ConfirmModal
        opened={dialog.isOpen}
        title={
          dialog.isRestore
            ? t('archive.restoreTitle', { name: program.name })
            : t('archive.archiveTitle', { name: program.name })
        }
        confirmLabel={label(dialog.isRestore)}
        color={dialog.isRestore ? 'blue' : 'red'}
        onClose={close}
        isPending={setArchived.isPending}
        error={setArchived.error}
        onConfirm={onConfirm}
      >
        {dialog.isRestore ? t('archive.restoreBody') : t('archive.archiveBody')}
      </ConfirmModal>
    </Stack>
  );
}
