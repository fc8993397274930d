import { describe, expect, it } from 'vitest';
import {
  addMinutesToLocal,
  canonicalTimeZone,
  formatDateTime,
  formatEventSpan,
  formatLocalTime,
  formatLocalDate,
  formatLocalDateRange,
  formatTimeSpan,
  mapsSearchUrl,
  nextDaysRange,
  toLocalDateTime,
} from './format';

/** Intl's text with its narrow and thin spaces as plain spaces, to compare with a literal. */
const plain = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

describe('format', () => {
  it('shows an event span as wall-clock time in the event zone, naming the zone once when it is not the viewer’s', () => {
    const text = formatEventSpan(
      '2025-11-21T12:30:00Z',
      '2025-11-21T14:00:00Z',
      'Asia/Kolkata',
      'en-US',
      'Europe/London',
    );
    expect(plain(text)).toBe('Fri, Nov 21, 2025, 6:00 – 7:30 PM GMT+5:30');
    expect(text.match(/GMT/g)).toHaveLength(1);
  });

  it('leaves the zone out when the viewer is in it (or in a zone with the same clock)', () => {
    for (const viewer of ['Asia/Kolkata', 'Asia/Calcutta', 'Asia/Colombo']) {
      expect(
        plain(
          formatEventSpan(
            '2025-11-21T12:30:00Z',
            '2025-11-21T14:00:00Z',
            'Asia/Kolkata',
            'en-US',
            viewer,
          ),
        ),
      ).toBe('Fri, Nov 21, 2025, 6:00 – 7:30 PM');
    }
    expect(
      plain(formatDateTime('2025-11-21T12:30:00Z', 'Asia/Kolkata', 'en-US', 'Asia/Kolkata')),
    ).toBe('Nov 21, 2025, 6:00 PM');
    expect(plain(formatDateTime('2025-11-21T12:30:00Z', 'Asia/Kolkata', 'en-US', 'UTC'))).toBe(
      'Nov 21, 2025, 6:00 PM GMT+5:30',
    );
  });

  it('writes times in the locale’s clock: 12 h in en-US, also for a weekly slot’s "18:00"', () => {
    expect(plain(formatLocalTime('18:00'))).toBe('6:00 PM');
    expect(plain(formatLocalTime('07:05', 'en-US'))).toBe('7:05 AM');
    expect(formatLocalTime('18:00', 'en-GB')).toBe('18:00');
    expect(formatLocalTime('soon')).toBe('soon');
  });

  it('names a zone by its current IANA id (Asia/Calcutta is Asia/Kolkata)', () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it('does not shift a local date by the viewer zone', () => {
    expect(formatLocalDate('2014-01-01')).toBe('Jan 1, 2014');
  });

  it('writes a span’s times in the zone without the date, and both dates across midnight', () => {
    expect(
      plain(formatTimeSpan('2025-11-21T12:30:00Z', '2025-11-21T14:00:00Z', 'Asia/Kolkata')),
    ).toBe('6:00 – 7:30 PM');
    expect(plain(formatTimeSpan('2025-11-21T12:30:00Z', '2025-11-21T14:00:00Z', 'UTC'))).toBe(
      '12:30 – 2:00 PM',
    );
    expect(
      plain(formatTimeSpan('2025-11-21T16:30:00Z', '2025-11-21T20:30:00Z', 'Asia/Kolkata')),
    ).toBe('11/21/2025, 10:00 PM – 11/22/2025, 2:00 AM');
  });

  it('writes a local date or a range of them in another shape, without a zone', () => {
    const dayHeading = { weekday: 'long', month: 'long', day: 'numeric' } as const;
    expect(formatLocalDate('2025-11-21', 'en-US', dayHeading)).toBe('Friday, November 21');
    const short = { month: 'short', day: 'numeric' } as const;
    expect(plain(formatLocalDateRange('2025-11-16', '2025-11-22', 'en-US', short))).toBe(
      'Nov 16 – 22',
    );
    expect(
      plain(
        formatLocalDateRange('2025-12-28', '2026-01-03', 'en-US', { ...short, year: 'numeric' }),
      ),
    ).toBe('Dec 28, 2025 – Jan 3, 2026');
  });

  it('builds a Google Maps search link with the location encoded', () => {
    expect(mapsSearchUrl('Turf 7, HSR Layout & Co')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Turf%207%2C%20HSR%20Layout%20%26%20Co',
    );
  });

  it('gives the wall-clock of an instant in a zone', () => {
    expect(toLocalDateTime(new Date('2025-11-21T12:30:00Z'), 'Asia/Kolkata')).toBe(
      '2025-11-21T18:00',
    );
    expect(toLocalDateTime(new Date('2025-11-21T23:30:00Z'), 'Asia/Kolkata')).toBe(
      '2025-11-22T05:00',
    );
  });

  it('adds minutes to a wall-clock time across midnight', () => {
    expect(addMinutesToLocal('2025-11-21T23:30', 60)).toBe('2025-11-22T00:30');
    expect(addMinutesToLocal('not a time', 60)).toBeNull();
  });

  it('builds a stable window of the next days', () => {
    const range = nextDaysRange(30, new Date('2025-11-21T10:15:42.123Z'));
    expect(range).toEqual({ from: '2025-11-21T10:15:00.000Z', to: '2025-12-21T10:15:00.000Z' });
  });
});
