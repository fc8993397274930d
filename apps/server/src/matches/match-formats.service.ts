import {
  MAX_MATCH_FORMATS,
  type MatchFormat,
  type MatchFormatFields,
  type MatchFormatList,
} from '@rally/shared/matches';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, fieldError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { authorizeOrg } from '../orgs/orgs.service.ts';
import { isUniqueViolation } from '../profiles/profiles.service.ts';
import { can, type PolicyActor } from '../policy/policy.ts';
import * as repo from './matches.repository.ts';
import { ensureFormats, formatFields } from './matches.service.ts';

const EDIT_FORBIDDEN = 'Only owners and admins of the organisation can change its match formats.';

/**
 * An organisation's match format templates (DESIGN.md §9): anyone in the
 * org reads them (the built-in ones are written on first use); owners and
 * admins (`org:edit`) add, change and remove them. A match keeps its own
 * copy, so changing a template changes no match.
 */
export class MatchFormatsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The org's formats (org members; 404 otherwise) and whether the caller may change them. */
  async list(actor: PolicyActor, orgId: string): Promise<MatchFormatList> {
    const { resource } = await authorizeOrg(this.db, actor, orgId, 'org:view', EDIT_FORBIDDEN);
    const formats = await ensureFormats(this.db, orgId);
    return { formats: formats.map(presentFormat), canEdit: can(actor, 'org:edit', resource) };
  }

  /** Adds a format (`org:edit`). 409 when the name is taken or the org has {@link MAX_MATCH_FORMATS}. */
  async create(actor: PolicyActor, orgId: string, fields: MatchFormatFields): Promise<MatchFormat> {
    await authorizeOrg(this.db, actor, orgId, 'org:edit', EDIT_FORBIDDEN);
    const existing = await ensureFormats(this.db, orgId);
    if (existing.length >= MAX_MATCH_FORMATS) {
      throw new AppError(
        'conflict',
        `An organisation keeps at most ${MAX_MATCH_FORMATS} match formats.`,
      );
    }
    const [row] = await repo.insertFormats(this.db, [{ id: newId(), orgId, fields }]);
    if (!row) throw nameTaken(fields.name);
    return presentFormat(row);
  }

  /** Changes format `formatId` (`org:edit`). 404 when absent, 400 `name` when the name is taken. */
  async update(
    actor: PolicyActor,
    orgId: string,
    formatId: string,
    fields: MatchFormatFields,
  ): Promise<MatchFormat> {
    await authorizeOrg(this.db, actor, orgId, 'org:edit', EDIT_FORBIDDEN);
    const other = (await repo.listFormats(this.db, orgId)).find(
      (f) => f.name === fields.name && f.id !== formatId,
    );
    if (other) throw nameTaken(fields.name);
    const row = await repo
      .updateFormat(this.db, orgId, formatId, fields, this.clock.now())
      .catch((err: unknown) => {
        // Two renames to one name at once: the unique index decides.
        throw isUniqueViolation(err) ? nameTaken(fields.name) : err;
      });
    if (!row) throw notFound('This match format');
    return presentFormat(row);
  }

  /** Removes format `formatId` (`org:edit`); matches keep their copies. 404 when absent. */
  async remove(actor: PolicyActor, orgId: string, formatId: string): Promise<void> {
    await authorizeOrg(this.db, actor, orgId, 'org:edit', EDIT_FORBIDDEN);
    if (!(await repo.deleteFormat(this.db, orgId, formatId))) throw notFound('This match format');
  }
}

function nameTaken(name: string): AppError {
  return fieldError('name', `A format named “${name}” already exists`);
}

function presentFormat(row: repo.MatchFormatRow): MatchFormat {
  return { id: row.id, ...formatFields(row) };
}
