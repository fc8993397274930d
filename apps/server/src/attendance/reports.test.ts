import { attendanceReportSchema } from '@rally/shared/attendance';
import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { cancelEvent, createClub, createEvent, enrolFamily } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Totals {
  present: number;
  late: number;
  absent: number;
  excused: number;
  rsvpGoing: number;
  goingAndAttended: number;
  attendedWithoutGoing: number;
  rate: number | null;
}
interface Report {
  from: string;
  to: string;
  timeZone: string;
  events: { id: string; title: string; status: string; startsAt: string; totals: Totals }[];
  profiles: { profileId: string; displayName: string; totals: Totals }[];
  cells: { eventId: string; profileId: string; status: string | null; rsvp: string | null }[];
  overall: Totals;
}

const totals = (t: Partial<Totals>): Totals => ({
  present: 0,
  late: 0,
  absent: 0,
  excused: 0,
  rsvpGoing: 0,
  goingAndAttended: 0,
  attendedWithoutGoing: 0,
  rate: null,
  ...t,
});

/**
 * A program whose default answer is `going`, three children (one named like
 * a spreadsheet formula) and, in the range: an open training, a match with a
 * capacity, and a session cancelled after it was marked; plus a session
 * after the range. Returns what the report should say, computed by hand.
 */
async function markedProgram() {
  const { coach, programId } = await createClub(t, { name: 'Swim Squad' });
  await t.req(coach, 'PATCH', `/api/programs/${programId}`, { defaultRsvp: 'going' });
  const [asha, bela, cheat] = await Promise.all(
    ['Asha', 'Bela', '=HYPERLINK("http://evil")'].map((n) => enrolFamily(t, coach, programId, n)),
  );
  const day = (n: number, time: string) =>
    DateTime.fromJSDate(t.clock.now(), { zone: 'Asia/Kolkata' })
      .plus({ days: n })
      .toFormat(`yyyy-MM-dd'T'${time}`);
  const training = await createEvent(t, coach, programId, {
    title: 'Training',
    startLocal: day(1, '18:00'),
  });
  const match = await createEvent(t, coach, programId, {
    title: 'Match',
    startLocal: day(2, '10:00'),
    capacity: 10,
  });
  const rained = await createEvent(t, coach, programId, {
    title: 'Rained off',
    startLocal: day(3, '18:00'),
  });
  const later = await createEvent(t, coach, programId, {
    title: 'Later',
    startLocal: day(8, '18:00'),
  });

  const answer = (f: typeof asha, eventId: string, value: string) =>
    t.req(f!.parent, 'PUT', `/api/profiles/${f!.childId}/events/${eventId}/rsvp`, {
      answer: value,
    });
  await answer(bela, training, 'declined');
  await answer(asha, match, 'going');
  await answer(cheat, match, 'maybe');
  const mark = async (eventId: string, marks: [typeof asha, string][]) => {
    const markedAt = t.clock.now().toISOString();
    const res = await t.req(
      coach,
      'PUT',
      `/api/programs/${programId}/events/${eventId}/attendance`,
      {
        marks: marks.map(([f, status]) => ({ profileId: f!.childId, status, markedAt })),
      },
    );
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  await mark(training, [
    [asha, 'present'],
    [bela, 'absent'],
    [cheat, 'excused'],
  ]);
  await mark(match, [
    [asha, 'late'],
    [bela, 'present'],
    [cheat, 'absent'],
  ]);
  await mark(rained, [
    [asha, 'absent'],
    [bela, 'present'],
  ]);
  await mark(later, [[asha, 'absent']]);
  await cancelEvent(t, rained);

  const from = DateTime.fromJSDate(t.clock.now()).toUTC().startOf('minute');
  const range = `?from=${from.toISO()}&to=${from.plus({ days: 5 }).toISO()}`;
  return {
    coach,
    programId,
    range,
    asha: asha!,
    bela: bela!,
    cheat: cheat!,
    training,
    match,
    rained,
  };
}

describe('the attendance report', () => {
  it('totals and rates are exactly as counted by hand', async () => {
    const p = await markedProgram();
    const res = await t.req(p.coach, 'GET', `/api/programs/${p.programId}/attendance${p.range}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Report;
    expect(attendanceReportSchema.strict().safeParse(report).error).toBeUndefined();
    expect(report.timeZone).toBe('Asia/Kolkata');

    // Excused counts neither way; the cancelled session is listed but never counted.
    expect(report.events.map((e) => [e.title, e.status, e.totals])).toEqual([
      [
        'Training',
        'scheduled',
        totals({ present: 1, absent: 1, excused: 1, rsvpGoing: 2, goingAndAttended: 1, rate: 0.5 }),
      ],
      [
        'Match',
        'scheduled',
        totals({
          present: 1,
          late: 1,
          absent: 1,
          rsvpGoing: 1,
          goingAndAttended: 1,
          attendedWithoutGoing: 1,
          rate: 2 / 3,
        }),
      ],
      ['Rained off', 'cancelled', totals({})],
    ]);
    const byName = Object.fromEntries(report.profiles.map((r) => [r.displayName, r.totals]));
    expect(byName).toEqual({
      Asha: totals({ present: 1, late: 1, rsvpGoing: 2, goingAndAttended: 2, rate: 1 }),
      Bela: totals({ present: 1, absent: 1, attendedWithoutGoing: 1, rate: 0.5 }),
      '=HYPERLINK("http://evil")': totals({ absent: 1, excused: 1, rsvpGoing: 1, rate: 0 }),
    });
    expect(report.overall).toEqual(
      totals({
        present: 2,
        late: 1,
        absent: 2,
        excused: 1,
        rsvpGoing: 3,
        goingAndAttended: 2,
        attendedWithoutGoing: 1,
        rate: 0.6,
      }),
    );
    const cell = (eventId: string, f: { childId: string }) =>
      report.cells.find((c) => c.eventId === eventId && c.profileId === f.childId);
    expect(cell(p.training, p.bela)).toMatchObject({ status: 'absent', rsvp: 'declined' });
    expect(cell(p.match, p.asha)).toMatchObject({ status: 'late', rsvp: 'going' });
    expect(cell(p.rained, p.bela)).toMatchObject({ status: 'present', rsvp: null });
    expect(report.cells).toHaveLength(8);
  });

  it('the CSV says what the JSON says, opens in Excel and cannot run formulas', async () => {
    const p = await markedProgram();
    const json = (
      await t.req(p.coach, 'GET', `/api/programs/${p.programId}/attendance${p.range}`)
    ).json() as Report;
    const res = await t.req(
      p.coach,
      'GET',
      `/api/programs/${p.programId}/attendance.csv${p.range}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const first = DateTime.fromISO(json.from, { zone: 'Asia/Kolkata' }).toFormat('yyyy-MM-dd');
    const last = DateTime.fromISO(json.to, { zone: 'Asia/Kolkata' })
      .minus({ milliseconds: 1 })
      .toFormat('yyyy-MM-dd');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="swim-squad-attendance-${first}-${last}.csv"`,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const [header, ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    const heading = (e: Report['events'][number]) =>
      `${DateTime.fromISO(e.startsAt, { zone: 'Asia/Kolkata' }).toFormat('yyyy-MM-dd HH:mm')} ${e.title}`;
    expect(header).toEqual([
      'Name',
      heading(json.events[0]!),
      heading(json.events[1]!),
      `${heading(json.events[2]!)} (cancelled)`,
      'Present',
      'Late',
      'Absent',
      'Excused',
      'Rate',
    ]);
    const rate = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);
    expect(rows).toEqual(
      json.profiles.map((profile) => [
        profile.displayName.startsWith('=') ? `'${profile.displayName}` : profile.displayName,
        ...json.events.map(
          (e) =>
            json.cells.find((c) => c.eventId === e.id && c.profileId === profile.profileId)
              ?.status ?? '',
        ),
        String(profile.totals.present),
        String(profile.totals.late),
        String(profile.totals.absent),
        String(profile.totals.excused),
        rate(profile.totals.rate),
      ]),
    );
    // The formula-like name is text: it starts with an apostrophe, never with "=".
    const names = rows.map((r) => r[0]!);
    expect(names).toContain(`'=HYPERLINK("http://evil")`);
    expect(names.filter((n) => /^[=+\-@]/.test(n))).toEqual([]);
    expect(rows.find((r) => r[0] === 'Asha')!.at(-1)).toBe('100.0%');
    expect(rows.find((r) => r[0] === 'Bela')!.at(-1)).toBe('50.0%');
  });

  it('is for the program’s staff only', async () => {
    const p = await markedProgram();
    const family = await t.req(
      p.asha.parent,
      'GET',
      `/api/programs/${p.programId}/attendance${p.range}`,
    );
    expect(family.statusCode).toBe(403);
    const csv = await t.req(
      p.asha.parent,
      'GET',
      `/api/programs/${p.programId}/attendance.csv${p.range}`,
    );
    expect(csv.statusCode).toBe(403);
  });
});
