import * as activities from '@rally/shared/activities';
import * as admin from '@rally/shared/admin';
import * as attendance from '@rally/shared/attendance';
import * as auth from '@rally/shared/auth';
import * as clients from '@rally/shared/clients';
import * as common from '@rally/shared/common';
import * as config from '@rally/shared/config';
import * as conversations from '@rally/shared/conversations';
import * as errors from '@rally/shared/errors';
import * as events from '@rally/shared/events';
import * as feeds from '@rally/shared/feeds';
import * as files from '@rally/shared/files';
import * as home from '@rally/shared/home';
import * as invites from '@rally/shared/invites';
import * as notifications from '@rally/shared/notifications';
import * as orgs from '@rally/shared/orgs';
import * as profiles from '@rally/shared/profiles';
import * as programs from '@rally/shared/programs';
import * as publicPrograms from '@rally/shared/public-programs';
import * as realtime from '@rally/shared/realtime';
import * as search from '@rally/shared/search';
import * as subscriptions from '@rally/shared/subscriptions';
import { z } from 'zod';

/** The modules of packages/shared that export zod schemas (a schema of a module missing here is still described, only inline). */
const MODULES: readonly Record<string, unknown>[] = [
  activities,
  admin,
  attendance,
  auth,
  clients,
  common,
  config,
  conversations,
  errors,
  events,
  feeds,
  files,
  home,
  invites,
  notifications,
  orgs,
  profiles,
  programs,
  publicPrograms,
  realtime,
  search,
  subscriptions,
];

/**
 * Whether `schema` has a JSON Schema of its parsed output (schemas that
 * transform their input have none; they are described inline where used).
 */
function isDescribable(schema: z.ZodType): boolean {
  try {
    z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The exported zod schemas of packages/shared by the name the reference page
 * shows: the export's name without `Schema`, capitalised (`eventDetailSchema`
 * is `EventDetail`, as its type is named, CONVENTIONS.md "Names"). Each is
 * written once under `components.schemas` and referenced wherever it is used.
 * Path parameters and queries are left out: they become parameters.
 */
export function namedSchemas(): Record<string, z.ZodType> {
  const named: Record<string, z.ZodType> = {};
  for (const module of MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('Schema') || !(value instanceof z.ZodType)) continue;
      const base = name.slice(0, -'Schema'.length);
      if (/(Params|Query)$/.test(base) || !isDescribable(value)) continue;
      named[base.charAt(0).toUpperCase() + base.slice(1)] = value;
    }
  }
  return named;
}
