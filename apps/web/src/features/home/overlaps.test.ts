import type { ProfileEvent } from '@rally/shared/events';
import { describe, expect, it } from 'vitest';
import { makeEvent, newId } from '../../test/fixtures';
import { entryKey, findOverlaps } from './overlaps';
import { PROFILE_PALETTE, profileColors } from './profile-palette';

const kabir = newId();
const asha = newId();

function entry(
  profileId: string,
  startsAt: string,
  endsAt: string,
  overrides: Partial<ProfileEvent> = {},
): ProfileEvent {
  return {
    ...makeEvent({ startsAt, endsAt }),
    profileId,
    profileName: profileId === kabir ? 'Kabir Rao' : 'Asha Rao',
    ...overrides,
  };
}

const titlesOf = (clashes: Map<string, ProfileEvent[]>, event: ProfileEvent) =>
  clashes.get(entryKey(event))?.map((other) => other.title);

describe('findOverlaps', () => {
  it('flags two different events whose times overlap, each naming the other', () => {
    const training = entry(kabir, '2025-11-21T12:30:00Z', '2025-11-21T14:00:00Z', {
      title: 'Training',
    });
    const match = entry(asha, '2025-11-21T13:59:00Z', '2025-11-21T15:00:00Z', { title: 'Match' });
    const clashes = findOverlaps([match, training]);
    expect(titlesOf(clashes, training)).toEqual(['Match']);
    expect(titlesOf(clashes, match)).toEqual(['Training']);
  });

  it('does not flag the same event shown for two children', () => {
    const id = newId();
    const forKabir = entry(kabir, '2025-11-21T12:30:00Z', '2025-11-21T14:00:00Z', { id });
    const forAsha = entry(asha, '2025-11-21T12:30:00Z', '2025-11-21T14:00:00Z', { id });
    expect(findOverlaps([forKabir, forAsha]).size).toBe(0);
  });

  it('does not flag back-to-back events or cancelled ones', () => {
    const first = entry(kabir, '2025-11-21T10:00:00Z', '2025-11-21T11:00:00Z');
    const next = entry(asha, '2025-11-21T11:00:00Z', '2025-11-21T12:00:00Z');
    const cancelled = entry(asha, '2025-11-21T10:30:00Z', '2025-11-21T11:30:00Z', {
      status: 'cancelled',
    });
    expect(findOverlaps([first, next, cancelled]).size).toBe(0);
  });

  it('flags one child double-booked, and lists every overlapping entry in start order', () => {
    const id = newId();
    const camp = entry(kabir, '2025-11-21T04:30:00Z', '2025-11-21T16:30:00Z', { title: 'Camp' });
    const meetingKabir = entry(kabir, '2025-11-21T10:00:00Z', '2025-11-21T11:00:00Z', {
      id,
      title: 'Meeting',
    });
    const meetingAsha = entry(asha, '2025-11-21T10:00:00Z', '2025-11-21T11:00:00Z', {
      id,
      title: 'Meeting',
    });
    const swim = entry(asha, '2025-11-21T06:00:00Z', '2025-11-21T07:00:00Z', { title: 'Swim' });
    const clashes = findOverlaps([meetingAsha, camp, swim, meetingKabir]);
    expect(titlesOf(clashes, camp)).toEqual(['Swim', 'Meeting', 'Meeting']);
    expect(titlesOf(clashes, meetingKabir)).toEqual(['Camp']);
    expect(titlesOf(clashes, meetingAsha)).toEqual(['Camp']);
    expect(titlesOf(clashes, swim)).toEqual(['Camp']);
  });

  it('returns nothing for an empty calendar', () => {
    expect(findOverlaps([]).size).toBe(0);
  });
});

/** WCAG 2.2 contrast ratio of white text on `hex`. */
function contrastWithWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

describe('profileColors', () => {
  it('gives each profile a stable colour by its position, repeating after the palette', () => {
    const ids = Array.from({ length: PROFILE_PALETTE.length + 1 }, () => newId());
    const colors = profileColors(ids);
    expect(colors.get(ids[0] ?? '')).toBe(PROFILE_PALETTE[0]);
    expect(colors.get(ids[1] ?? '')).toBe(PROFILE_PALETTE[1]);
    expect(new Set(ids.slice(0, PROFILE_PALETTE.length).map((id) => colors.get(id))).size).toBe(
      PROFILE_PALETTE.length,
    );
    expect(colors.get(ids[PROFILE_PALETTE.length] ?? '')).toBe(PROFILE_PALETTE[0]);
  });

  it('keeps white text readable on every colour (at least 4.5:1)', () => {
    for (const color of PROFILE_PALETTE)
      expect(contrastWithWhite(color)).toBeGreaterThanOrEqual(4.5);
  });
});
