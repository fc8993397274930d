import type { ProfileMatchStats, ProgramMatchStats, SeasonLine } from '@rally/shared/matches';
import { stringify } from 'csv-stringify/sync';
import { neutralizeFormula } from '../attendance/reports.csv.ts';
import type { Db } from '../db/client.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import { slugify } from '../orgs/slug.ts';
import * as repo from './matches.repository.ts';

/**
 * Season stats (DESIGN.md §9): sums of the squad rows that every match
 * write keeps derived from its incidents (`match_players`), over matches
 * that kicked off. A program's staff see its players'; a profile's
 * managers see the profile's, per program.
 */
export class MatchStatsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
    private readonly profiles: ProfilesService,
  ) {}

  /** Each player's season in the program (`program:view-roster`; 404/403 otherwise). */
  async program(actor: PolicyActor, programId: string): Promise<ProgramMatchStats> {
    await this.programs.authorize(actor, programId, 'program:view-roster');
    const rows = await repo.programSeason(this.db, programId);
    return {
      programId,
      players: rows.map((r) => ({
        profileId: r.profileId,
        displayName: r.displayName,
        ...line(r),
      })),
    };
  }

  /**
   * The program's season as CSV: UTF-8 with a byte order mark, a row per
   * player; names protected against formulas (`neutralizeFormula`).
   * `fileName`: `<program>-match-stats.csv`.
   */
  async programCsv(
    actor: PolicyActor,
    programId: string,
  ): Promise<{ fileName: string; body: string }> {
    const program = await this.programs.authorize(actor, programId, 'program:view-roster');
    const stats = await this.program(actor, programId);
    const header = [
      'Name',
      'Matches',
      'Starts',
      'Minutes',
      'Goals',
      'Assists',
      'Yellow cards',
      'Red cards',
    ];
    const rows = stats.players.map((p) => [
      neutralizeFormula(p.displayName),
      p.matches,
      p.starts,
      p.minutes,
      p.goals,
      p.assists,
      p.yellowCards,
      p.redCards,
    ]);
    return {
      fileName: `${slugify(program.name) || 'program'}-match-stats.csv`,
      body: `\uFEFF${stringify([header, ...rows])}`,
    };
  }

  /** The profile's season per program (its managers; 404 otherwise). */
  async profile(actor: PolicyActor, profileId: string): Promise<ProfileMatchStats> {
    await this.profiles.authorize(actor, profileId);
    const rows = await repo.profileSeason(this.db, profileId);
    return {
      profileId,
      programs: rows.map((r) => ({
        programId: r.programId,
        programName: r.programName,
        ...line(r),
      })),
    };
  }
}

function line(sums: repo.SeasonSums): SeasonLine {
  return {
    matches: sums.matches,
    starts: sums.starts,
    minutes: Math.round(sums.playedMs / 60_000),
    goals: sums.goals,
    assists: sums.assists,
    yellowCards: sums.yellowCards,
    redCards: sums.redCards,
  };
}
