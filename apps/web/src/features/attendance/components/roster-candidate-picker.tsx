import type { RosterCandidate } from '@rally/shared/attendance';
import { MAX_ROSTER_CANDIDATES } from '@rally/shared/attendance-limits';
import { Radio, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Props of {@link RosterCandidatePicker}. */
export interface RosterCandidatePickerProps {
  /** The people found (`GET .../roster/candidates`), in the server's order. */
  candidates: readonly RosterCandidate[];
  /** The profile picked, or null for "someone new". */
  pickedId: string | null;
  onPick: (profileId: string | null) => void;
  /** A search is being typed or asked for: the list may change. */
  isSearching: boolean;
  /** The text the list was searched with ('' for everyone). */
  query: string;
}

/** Where the organisation knows a person from, e.g. "Asked to join Under-12". */
function knownFrom(t: TFunction, candidate: RosterCandidate): string {
  if (!candidate.programName || !candidate.subscriptionStatus) {
    return t('addToRoster.knownFrom.other');
  }
  return t(`addToRoster.knownFrom.${candidate.subscriptionStatus}`, {
    program: candidate.programName,
  });
}

/**
 * The choice of who came (docs/decisions/020): one radio per person the
 * organisation knows, each saying where from, then "Someone new". Radios
 * work with the keyboard (arrow keys) and each label is a large tap
 * target. A polite status line says when the search is running, found
 * nobody, or shows only the first {@link MAX_ROSTER_CANDIDATES}.
 */
export function RosterCandidatePicker({
  candidates,
  pickedId,
  onPick,
  isSearching,
  query,
}: RosterCandidatePickerProps) {
  const { t } = useTranslation();
  const status = isSearching
    ? t('addToRoster.searching')
    : candidates.length === 0
      ? query
        ? t('addToRoster.noMatches', { q: query })
        : t('addToRoster.nobody')
      : candidates.length >= MAX_ROSTER_CANDIDATES
        ? t('addToRoster.narrow', { count: MAX_ROSTER_CANDIDATES })
        : '';
  return (
    <Radio.Group
      label={t('addToRoster.who')}
      value={pickedId ?? ''}
      onChange={(value) => onPick(value || null)}
    >
      <Stack gap="sm" mt="xs">
        {candidates.map((candidate) => (
          <Radio
            key={candidate.profileId}
            size="md"
            value={candidate.profileId}
            label={candidate.displayName}
            description={knownFrom(t, candidate)}
          />
        ))}
        <Radio size="md" value="" label={t('addToRoster.someoneNew')} />
      </Stack>
      <Text size="sm" c="dimmed" role="status" mt="xs">
        {status}
      </Text>
    </Radio.Group>
  );
}
