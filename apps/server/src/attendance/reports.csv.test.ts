import { describe, expect, it } from 'vitest';
import { attendanceCsvFileName, formatRate, neutralizeFormula } from './reports.csv.ts';

describe('CSV cells (OWASP CSV injection)', () => {
  it('prefixes text that a spreadsheet would run as a formula, and leaves the rest alone', () => {
    for (const risky of ['=1+1', '+91 98', '-2', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(neutralizeFormula(risky)).toBe(`'${risky}`);
    }
    for (const safe of ['Asha', 'Ravi-Kumar', '2030-01-07 18:00 Training', '', "'quoted"]) {
      expect(neutralizeFormula(safe)).toBe(safe);
    }
  });

  it('shows a rate as a percent with one decimal, and no rate as a dash', () => {
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('—');
  });
});

describe('the download’s file name', () => {
  it('names the program and the local days of the range, the end being exclusive', () => {
    expect(
      attendanceCsvFileName(
        'U12 Football — Evenings',
        new Date('2030-01-31T18:30:00Z'),
        new Date('2030-02-28T18:30:00Z'),
        'Asia/Kolkata',
      ),
    ).toBe('u12-football-evenings-attendance-2030-02-01-2030-02-28.csv');
  });

  it('falls back to "program" for a name without Latin letters or digits', () => {
    expect(
      attendanceCsvFileName(
        'फुटबॉल',
        new Date('2030-01-01T00:00:00Z'),
        new Date('2030-01-08T00:00:00Z'),
        'UTC',
      ),
    ).toBe('program-attendance-2030-01-01-2030-01-07.csv');
  });
});
