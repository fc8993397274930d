import { describe, expect, it } from 'vitest';
import { defaultReportRange, parseRangeParams, rangeProblem, toInstantRange } from './report-range';

describe('report ranges', () => {
  it('turns local days into whole-day instants, across a daylight-saving change', () => {
    // Europe/London leaves summer time on Sun 26 Oct 2025: that day has 25 hours.
    expect(toInstantRange({ from: '2025-10-25', to: '2025-10-26' }, 'Europe/London')).toEqual({
      from: '2025-10-24T23:00:00.000Z',
      to: '2025-10-27T00:00:00.000Z',
    });
    expect(toInstantRange({ from: '2025-11-01', to: '2025-11-01' }, 'Asia/Kolkata')).toEqual({
      from: '2025-10-31T18:30:00.000Z',
      to: '2025-11-01T18:30:00.000Z',
    });
  });

  it("defaults to the 28 days up to today in the program's zone", () => {
    // 20:00 UTC on 24 Nov is already 25 Nov in Kolkata.
    expect(defaultReportRange('Asia/Kolkata', new Date('2025-11-24T20:00:00Z'))).toEqual({
      from: '2025-10-29',
      to: '2025-11-25',
    });
  });

  it('refuses ranges that cannot be shown', () => {
    expect(rangeProblem({ from: '2025-11-01', to: '2025-11-01' })).toBeNull();
    expect(rangeProblem({ from: '2025-11-02', to: '2025-11-01' })).toBe('endBeforeStart');
    expect(rangeProblem({ from: '2025-02-30', to: '2025-03-01' })).toBe('invalidDate');
    expect(rangeProblem({ from: '2024-01-01', to: '2025-01-01' })).toBe('tooLong');
    expect(rangeProblem({ from: '2024-01-02', to: '2025-01-01' })).toBeNull();
    expect(parseRangeParams(new URLSearchParams('from=2025-11-01'))).toBeNull();
    expect(parseRangeParams(new URLSearchParams('from=2025-11-01&to=2025-11-28'))).toEqual({
      from: '2025-11-01',
      to: '2025-11-28',
    });
  });
});
