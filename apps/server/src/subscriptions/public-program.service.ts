import type { JoinViewer, PublicProgram } from '@rally/shared/public-programs';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { can, type PolicyActor, type ProgramResource } from '../policy/policy.ts';
import { listProfilesOfUser } from '../profiles/profiles.queries.ts';
import { presentFeePlan } from '../programs/program-settings.service.ts';
import { findProgramAccess } from '../programs/programs.queries.ts';
import { programResource } from '../programs/programs.service.ts';
import * as repo from './public-program.repository.ts';
import { listSummaries } from './subscriptions.repository.ts';
import { weeklyPattern } from './weekly-pattern.ts';

const DAY_MS = 86_400_000;
/** How far ahead the search for "next events" and the weekly pattern looks. */
const PATTERN_WINDOW_MS = 28 * DAY_MS;
const NEXT_EVENTS_WINDOW_MS = 366 * DAY_MS;

/**
 * The public join page of a program (route
 * `program-subscription-new`, no sign-in flag in SPEC.md §2). It lives with
 * subscriptions because it shows the viewer's subscriptions and how they may
 * join (docs/architecture.md).
 */
export class PublicProgramService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * What a visitor sees before joining: the program, its org, schedule
   * summary, active fee plans, capacity, and (signed in) their profiles with
   * any subscription here. Readable by anyone, signed out too, for an active
   * `open`/`approval` program (policy `program:view-public`); an `invite` or
   * archived program only by those who may view it (staff, families) — 404
   * for everyone else, as if it did not exist.
   */
  async get(actor: PolicyActor | null, programId: string): Promise<PublicProgram> {
    const access = actor ? await findProgramAccess(this.db, programId, actor.userId) : undefined;
    const row = await repo.findPublicProgram(this.db, programId);
    if (!row) throw notFound('This program');
    const resource: ProgramResource = access
      ? programResource(access)
      : {
          type: 'program',
          orgRole: null,
          programRole: null,
          isFamily: false,
          joinPolicy: row.p.joinPolicy,
          status: row.p.status,
        };
    if (!can(actor, 'program:view-public', resource)) throw notFound('This program');
    const now = this.clock.now();
    const [next, window, plans, viewer] = await Promise.all([
      repo.scheduledEvents(
        this.db,
        programId,
        now,
        new Date(now.getTime() + NEXT_EVENTS_WINDOW_MS),
        5,
      ),
      repo.scheduledEvents(
        this.db,
        programId,
        now,
        new Date(now.getTime() + PATTERN_WINDOW_MS),
        500,
      ),
      repo.activeFeePlans(this.db, programId),
      actor ? this.viewer(actor, programId, resource) : null,
    ]);
    const { p } = row;
    return {
      program: {
        id: p.id,
        name: p.name,
        description: p.description,
        category: p.category,
        location: p.location,
        timeZone: p.timeZone,
        orgId: p.orgId,
        orgName: row.orgName,
        joinPolicy: p.joinPolicy,
        status: p.status,
        capacity: p.capacity,
        placesTaken: row.placesTaken,
        spotsLeft: p.capacity === null ? null : Math.max(0, p.capacity - row.placesTaken),
        waitlistLength: row.waitlistLength,
      },
      schedule: {
        nextEvents: next.map((e) => ({
          title: e.title,
          kind: e.kind,
          startsAt: e.startsAt.toISOString(),
          endsAt: e.endsAt.toISOString(),
          location: e.location,
        })),
        weeklyPattern: weeklyPattern(window, p.timeZone),
      },
      feePlans: plans.map(presentFeePlan),
      viewer,
    };
  }

  /** The signed-in caller's profiles with their live subscription here, and how they may join. */
  private async viewer(
    actor: PolicyActor,
    programId: string,
    resource: ProgramResource,
  ): Promise<JoinViewer> {
    const profiles = await listProfilesOfUser(this.db, actor.userId);
    const subscriptions =
      profiles.length === 0
        ? []
        : await listSummaries(this.db, { programId, profileIds: profiles.map((p) => p.id) });
    const live = new Map(
      subscriptions
        .filter((s) => s.status === 'pending' || s.status === 'active' || s.status === 'paused')
        .map((s) => [s.profileId, s]),
    );
    return {
      profiles: profiles.map((p) => {
        const s = live.get(p.id);
        return {
          profileId: p.id,
          displayName: p.displayName,
          relationship: p.relationship,
          subscription: s
            ? { id: s.id, status: s.status, waitlistPosition: s.waitlistPosition }
            : null,
        };
      }),
      canJoin: can(actor, 'program:join', resource),
      canEnrolAnyone: can(actor, 'program:manage-subscriptions', resource),
    };
  }
}
