import type { Event, RsvpAnswer, RsvpState } from '@rally/shared/events';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { ErrorAlert } from './error-alert';

const ANSWERS: readonly RsvpAnswer[] = ['going', 'maybe', 'declined'];
const PRESSED_COLOR: Record<RsvpAnswer, string> = {
  going: 'green',
  maybe: 'yellow',
  declined: 'red',
};

/**
 * Why a family can no longer answer an event, as a sentence they can act on:
 * it is cancelled, or answers closed at its RSVP deadline (shown in the
 * event's zone, named). Null while answers are open. `isRsvpOpen` is the
 * server's verdict (docs/decisions/006: until `rsvpDeadline`, never on a
 * cancelled event).
 */
export function rsvpClosedReason(
  t: TFunction,
  event: Pick<Event, 'status' | 'rsvpDeadline' | 'timeZone'>,
  isRsvpOpen: boolean,
  locale?: string,
): string | null {
  if (event.status === 'cancelled') return t('rsvp.closedCancelled');
  if (isRsvpOpen) return null;
  // formatDateTime names the zone when the viewer's clock differs (docs/decisions/021).
  return t('rsvp.closedAt', { time: formatDateTime(event.rsvpDeadline, event.timeZone, locale) });
}

/** Props of {@link RsvpButtons}. */
export interface RsvpButtonsProps {
  /** The profile answering, named in the group's label and the state line. */
  name: string;
  /** Its RSVP now (`isDefault`: the program's default, not an answer). */
  rsvp: RsvpState;
  /** From {@link rsvpClosedReason}: when set, the buttons are disabled and this says why. */
  closedReason: string | null;
  /** Sends an answer. */
  onAnswer: (answer: RsvpAnswer) => void;
  /** The answer being sent, if any (its button spins, the others wait). */
  pendingAnswer: RsvpAnswer | null;
  /** Why the last answer failed (a 409 "answers closed"), shown under the buttons. */
  error?: unknown;
  /**
   * An answer given with no connection, waiting in the RSVP outbox
   * (docs/decisions/019): shown pressed, and the state line says it will be
   * sent when the connection returns.
   */
  waitingAnswer?: RsvpAnswer | null;
}

/**
 * A profile's "Going / Maybe / Can't go" buttons (docs/decisions/006): the current
 * answer is pressed (`aria-pressed`), a line says where things stand
 * ("Kabir is 3rd on the waitlist", announced politely after a change), and
 * after the deadline or on a cancelled event the buttons are disabled with
 * the reason next to them; an answer given offline shows as pressed with
 * "will be sent when you're back online". Shared by the program and profile event pages.
 */
export function RsvpButtons({
  name,
  rsvp,
  closedReason,
  onAnswer,
  pendingAnswer,
  error,
  waitingAnswer = null,
}: RsvpButtonsProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const isClosed = closedReason !== null;
  return (
    <Stack gap={6}>
      <Group gap="xs" role="group" aria-label={t('rsvp.groupLabel', { name })}>
        {ANSWERS.map((answer) => {
          const isPressed =
            waitingAnswer === null
              ? rsvp.answer === answer && !rsvp.isDefault
              : waitingAnswer === answer;
          return (
            <Button
              key={answer}
              variant={isPressed ? 'filled' : 'default'}
              color={isPressed ? PRESSED_COLOR[answer] : undefined}
              aria-pressed={isPressed}
              aria-describedby={isClosed ? reasonId : undefined}
              disabled={isClosed || (pendingAnswer !== null && pendingAnswer !== answer)}
              loading={pendingAnswer === answer}
              onClick={() => {
                if (!isPressed) onAnswer(answer);
              }}
            >
              {t(`rsvp.answer.${answer}`)}
            </Button>
          );
        })}
      </Group>
      <Text size="sm" aria-live="polite">
        {waitingAnswer === null ? stateLine(t, name, rsvp) : t('rsvp.queuedOffline', { name })}
      </Text>
      {waitingAnswer === null && rsvp.respondedBy !== null && !rsvp.isDefault && (
        <Text size="xs" c="dimmed">
          {t('rsvp.answeredBy', { name: rsvp.respondedBy.displayName })}
        </Text>
      )}
      {isClosed && (
        <Text size="sm" c="dimmed" id={reasonId}>
          {closedReason}
        </Text>
      )}
      {error !== null && error !== undefined && <ErrorAlert error={error} />}
    </Stack>
  );
}

/** Where a profile stands: on the waitlist, going (by default or answered), maybe, not going, no answer. */
function stateLine(t: TFunction, name: string, rsvp: RsvpState): string {
  if (rsvp.answer === 'going' && rsvp.waitlistPosition !== null) {
    return t('rsvp.waitlistPosition', { name, count: rsvp.waitlistPosition, ordinal: true });
  }
  if (rsvp.answer === 'going') {
    return rsvp.isDefault ? t('rsvp.state.default', { name }) : t('rsvp.state.going', { name });
  }
  if (rsvp.answer === 'maybe') return t('rsvp.state.maybe', { name });
  if (rsvp.answer === 'declined') return t('rsvp.state.declined', { name });
  return t('rsvp.state.none', { name });
}
