import { describe, expect, it } from 'vitest';
import {
  addMinutesToLocal,
  formatEventSpan,
  formatLocalDate,
  mapsSearchUrl,
  nextDaysRange,
  toLocalDateTime,
} from './format';

describe('format', () => {
  it('shows an event span as wall-clock time in the event zone', () => {
    const text = formatEventSpan('2025-11-21T12:30:00Z', '2025-11-21T14:00:00Z', 'Asia/Kolkata');
    expect(text).toContain('6:00');
    expect(text).toContain('7:30');
    expect(text).toContain('GMT+5:30');
  });

  it('does not shift a local date by the viewer zone', () => {
    expect(formatLocalDate('2014-01-01')).toBe('Jan 1, 2014');
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
