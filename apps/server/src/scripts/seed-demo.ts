import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { upsertUserByPhone } from '../auth/auth.service.ts';
import { loadConfig } from '../lib/env.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError, startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { orgs } from '../db/schema/index.ts';
import { createServices } from '../services.ts';
import { PgBus } from '../realtime/pg-bus.ts';
import { ConsoleSmsProvider } from '../auth/sms.ts';
import { systemClock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type { EventForm } from '../events/event-form.ts';

// `npm run seed:demo`: a demo organisation with 2 programs, weekly training
// series (docs/decisions/006), 3 weeks of matches and 6 profiles (2 children with a
// guardian), on the same database `npm start` uses.
// Families (docs/decisions/005): fee plans, a UPI payee, an approved child with dues part-paid, a
// request waiting for the coach, and adults who joined an open program.

const DEMO_SLUG = 'rally-demo-academy';
const people = {
  coach: { phone: '+919000000001', name: 'Coach Priya Nair' },
  parent: { phone: '+919000000002', name: 'Rahul Sharma' },
  athleteA: { phone: '+919000000003', name: 'Ananya Iyer' },
  athleteB: { phone: '+919000000004', name: 'Vikram Singh' },
};

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const database = openDatabase(config.databaseUrl ?? embedded!.url, 4);
  try {
    await runMigrations(database);
    const [existing] = await database.db.select().from(orgs).where(eq(orgs.slug, DEMO_SLUG));
    if (existing) {
      console.log(`The demo organisation already exists (${existing.name}).`);
    } else {
      await seed(database.db);
      console.log('Created the demo organisation "Rally Demo Academy".');
    }
    console.log('\nSign in at http://localhost:3000/auth/login with one of these numbers');
    console.log('(the code appears in the `npm start` console and in the dev SMS outbox):');
    console.log(
      `  ${people.coach.phone}  ${people.coach.name} — owner of the organisation, coaches both programs`,
    );
    console.log(
      `  ${people.parent.phone}  ${people.parent.name} — guardian of Aarav (U12 Football) and Diya (request waiting)`,
    );
    console.log(
      `  ${people.athleteA.phone}  ${people.athleteA.name} — adult member (Adult Fitness)`,
    );
    console.log(
      `  ${people.athleteB.phone}  ${people.athleteB.name} — adult member (Adult Fitness)\n`,
    );
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

async function seed(db: ReturnType<typeof openDatabase>['db']): Promise<void> {
  // Publish-only: a running server hears the changes. Drained before the pool closes,
  // since the bus sends its NOTIFYs a moment after each publish (docs/decisions/008).
  const bus = new PgBus(db);
  try {
    await seedWith(
      db,
      createServices(db, new ConsoleSmsProvider(() => {}), systemClock, undefined, bus),
    );
  } finally {
    await bus.drain();
  }
}

async function seedWith(
  db: ReturnType<typeof openDatabase>['db'],
  s: ReturnType<typeof createServices>,
): Promise<void> {
  const actors: Record<
    keyof typeof people,
    { userId: string; isGlobalAdmin: boolean; selfProfileId: string }
  > = {} as never;
  for (const [key, person] of Object.entries(people) as [
    keyof typeof people,
    (typeof people)['coach'],
  ][]) {
    const { user } = await db.transaction((tx) => upsertUserByPhone(tx, newId(), person.phone));
    const actor = { userId: user.id, isGlobalAdmin: false };
    const { selfProfile } = await s.account.updateName(actor, person.name);
    actors[key] = { ...actor, selfProfileId: selfProfile.id };
  }
  const { coach, parent, athleteA, athleteB } = actors;

  const org = await s.orgs.create(coach, {
    name: 'Rally Demo Academy',
    timeZone: 'Asia/Kolkata',
    country: 'IN',
  });
  await db.update(orgs).set({ slug: DEMO_SLUG }).where(eq(orgs.id, org.id));
  const football = await s.programs.create(coach, org.id, {
    name: 'U12 Football',
    description: 'Evening football for ages 9–12: skills, small-sided games and weekend matches.',
    timeZone: 'Asia/Kolkata',
    location: 'Koramangala Turf, Bengaluru',
  });
  const fitness = await s.programs.create(coach, org.id, {
    name: 'Adult Fitness',
    description: 'Morning strength and conditioning for adults.',
    timeZone: 'Asia/Kolkata',
    location: 'HSR Layout Community Hall',
  });

  const aarav = await s.profiles.create(parent, {
    displayName: 'Aarav Sharma',
    dateOfBirth: '2015-06-12',
    relationship: 'guardian',
  });
  const diya = await s.profiles.create(parent, {
    displayName: 'Diya Sharma',
    dateOfBirth: '2017-02-03',
    relationship: 'guardian',
  });

  const today = DateTime.now().setZone('Asia/Kolkata').startOf('week');
  await s.orgs.update(coach, org.id, {
    payeeVpa: 'rallydemo@okhdfcbank',
    payeeName: 'Rally Demo Academy',
  });
  const monthly = await s.programSettings.createFeePlan(coach, football.id, {
    name: 'Monthly',
    priceMinor: 250000,
    currency: 'INR',
    billing: 'period',
    period: 'month',
  });
  await s.programSettings.createFeePlan(coach, football.id, {
    name: '10-session pack',
    priceMinor: 300000,
    currency: 'INR',
    billing: 'pack',
    sessionsIncluded: 10,
  });
  const dropIn = await s.programSettings.createFeePlan(coach, fitness.id, {
    name: '12 sessions',
    priceMinor: 180000,
    currency: 'INR',
    billing: 'pack',
    sessionsIncluded: 12,
  });
  await s.programSettings.update(coach, football.id, { capacity: 20 });
  await s.programSettings.update(coach, fitness.id, { joinPolicy: 'open' });

  // U12 Football takes requests: Aarav's was approved and part-paid, Diya's waits for the coach.
  const aaravSub = await s.enrolment.create(parent, football.id, {
    profileId: aarav.id,
    planId: monthly.id,
  });
  await s.transitions.transition(coach, football.id, aaravSub.id, 'approve');
  await s.dues.recordPayment(coach, football.id, aaravSub.id, {
    amountMinor: 150000,
    method: 'cash',
    reference: 'Receipt 1',
  });
  await s.enrolment.create(parent, football.id, { profileId: diya.id, planId: monthly.id });
  // Adult Fitness is open: the adults joined it themselves; the coach enrolled herself.
  for (const a of [parent, athleteA, athleteB]) {
    await s.enrolment.create(a, fitness.id, { profileId: a.selfProfileId, planId: dropIn.id });
  }
  await s.enrolment.create(coach, fitness.id, { profileId: coach.selfProfileId });

  // The regular sessions are weekly series (docs/decisions/006): stored through the 180-day horizon.
  const monday = today.toISODate();
  const tuesday = today.plus({ days: 1 }).toISODate();
  await s.events.create(coach, football.id, {
    ...eventDefaults,
    title: 'Skills training',
    startLocal: `${monday}T17:30`,
    endLocal: `${monday}T19:00`,
    description: 'Bring water, shin pads and both kits.',
    rsvpCloseMinutes: 120,
    recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO', 'WE', 'FR'] },
  });
  await s.events.create(coach, fitness.id, {
    ...eventDefaults,
    title: 'Strength & conditioning',
    startLocal: `${tuesday}T07:00`,
    endLocal: `${tuesday}T08:00`,
    capacity: 12,
    recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TU', 'TH'] },
  });
  const opponents = ['Indiranagar United', 'Whitefield Warriors', 'Jayanagar Juniors'];
  for (const [week, opponent] of opponents.entries()) {
    const saturday = today.plus({ weeks: week, days: 5 }).toISODate();
    await s.events.create(coach, football.id, {
      ...eventDefaults,
      title: `League match vs ${opponent}`,
      kind: 'match',
      startLocal: `${saturday}T09:00`,
      endLocal: `${saturday}T10:30`,
      location: 'Bangalore Football Stadium',
      description: 'Report 30 minutes before kick-off.',
    });
  }
  const sunday = today.plus({ days: 6 }).toISODate();
  await s.events.create(coach, football.id, {
    ...eventDefaults,
    title: 'Parents meeting',
    kind: 'meeting',
    startLocal: `${sunday}T11:00`,
    endLocal: `${sunday}T12:00`,
    description: 'Season plan and kit orders.',
  });
}

/** The event form's defaults (`createEventSchema` output) the demo events start from. */
const eventDefaults = {
  kind: 'training',
  isAllDay: false,
  location: '',
  description: '',
  capacity: null,
  rsvpCloseMinutes: null,
  recurrence: null,
} satisfies Partial<EventForm>;

main().catch((err: unknown) => {
  const message =
    err instanceof DataDirInUseError
      ? `${err.message}`
      : err instanceof Error
        ? err.message
        : String(err);
  console.error(`\nCould not seed the demo data: ${message}\n`);
  process.exit(1);
});
