import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { MAX_MESSAGE_LENGTH } from '../limits';
import { useEnterSends } from '../use-enter-sends';

/** Props of {@link MessageEditor}. */
export interface MessageEditorProps {
  initialBody: string;
  isSaving: boolean;
  /** Why the last save failed (e.g. the 15 minutes are over), shown above the buttons. */
  error: unknown;
  onSave: (body: string) => void;
  onCancel: () => void;
}

/**
 * Edits one's own message in place: Save saves, Escape cancels; with a mouse
 * or trackpad Enter saves too and Shift+Enter starts a new line, on touch
 * devices Enter starts a new line ({@link useEnterSends}). An empty or
 * unchanged text cannot be saved.
 */
export function MessageEditor({
  initialBody,
  isSaving,
  error,
  onSave,
  onCancel,
}: MessageEditorProps) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initialBody);
  const enterSaves = useEnterSends();
  const text = body.trim();
  const canSave = text !== '' && text !== initialBody.trim() && !isSaving;
  const save = () => {
    if (canSave) onSave(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (
      enterSaves &&
      event.key === 'Enter' &&
      !event.shiftKey &&
      !event.nativeEvent.isComposing
    ) {
      event.preventDefault();
      save();
    }
  };
  return (
    <Stack gap="xs" miw={220}>
      <Textarea
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        enterKeyHint={enterSaves ? 'done' : 'enter'}
        aria-label={t('conversations.editLabel')}
        autosize
        minRows={1}
        maxRows={8}
        maxLength={MAX_MESSAGE_LENGTH}
        data-autofocus
        autoFocus
      />
      {error !== null && error !== undefined && <ErrorAlert error={error} />}
      <Group gap="xs" justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={onCancel} disabled={isSaving}>
          {t('actions.cancel')}
        </Button>
        <Button size="compact-sm" onClick={save} disabled={!canSave} loading={isSaving}>
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
