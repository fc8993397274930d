import { accountRoutes } from './account.ts';
import { accountSchemas } from './account.schemas.ts';
import { adminRoutes } from './admin.ts';
import { adminSchemas } from './admin.schemas.ts';
import { attendanceRoutes } from './attendance.ts';
import { attendanceSchemas } from './attendance.schemas.ts';
import { authRoutes } from './auth.ts';
import { authSchemas } from './auth.schemas.ts';
import { clientsRoutes } from './clients.ts';
import { clientsSchemas } from './clients.schemas.ts';
import { configRoutes } from './config.ts';
import { configSchemas } from './config.schemas.ts';
import { conversationsRoutes } from './conversations.ts';
import { conversationsSchemas } from './conversations.schemas.ts';
import { docsRoutes } from './docs.ts';
import { docsSchemas } from './docs.schemas.ts';
import { eventsRoutes } from './events.ts';
import { eventsSchemas } from './events.schemas.ts';
import { feedsRoutes } from './feeds.ts';
import { feedsSchemas } from './feeds.schemas.ts';
import { filesRoutes } from './files.ts';
import { filesSchemas } from './files.schemas.ts';
import { invitesRoutes } from './invites.ts';
import { invitesSchemas } from './invites.schemas.ts';
import { matchesRoutes } from './matches.ts';
import { matchesSchemas } from './matches.schemas.ts';
import { notificationsRoutes } from './notifications.ts';
import { notificationsSchemas } from './notifications.schemas.ts';
import { bindSchemas, type Operation } from './operation.ts';
import { orgsRoutes } from './orgs.ts';
import { orgsSchemas } from './orgs.schemas.ts';
import { profilesRoutes } from './profiles.ts';
import { profilesSchemas } from './profiles.schemas.ts';
import { programsRoutes } from './programs.ts';
import { programsSchemas } from './programs.schemas.ts';
import { pushRoutes } from './push.ts';
import { pushSchemas } from './push.schemas.ts';
import { realtimeRoutes } from './realtime.ts';
import { realtimeSchemas } from './realtime.schemas.ts';
import { searchRoutes } from './search.ts';
import { searchSchemas } from './search.schemas.ts';
import { subscriptionsRoutes } from './subscriptions.ts';
import { subscriptionsSchemas } from './subscriptions.schemas.ts';

/**
 * Rally's HTTP API, written once (CONVENTIONS.md "Edges between parts"):
 * every operation by area, `contract.<area>.<name>` with id
 * `<area>.<name>`, method, path, who may call, success status and its zod
 * schemas. The server registers its routes from it
 * (apps/server/src/http/contract-routes.ts), the OpenAPI document served at
 * `GET /api/openapi.json` is generated from it, and web requests are built
 * from the zod-free `<area>.ts` tables it is made of (docs/decisions/004).
 */
export const contract = {
  auth: bindSchemas(authRoutes, authSchemas),
  account: bindSchemas(accountRoutes, accountSchemas),
  invites: bindSchemas(invitesRoutes, invitesSchemas),
  orgs: bindSchemas(orgsRoutes, orgsSchemas),
  programs: bindSchemas(programsRoutes, programsSchemas),
  subscriptions: bindSchemas(subscriptionsRoutes, subscriptionsSchemas),
  events: bindSchemas(eventsRoutes, eventsSchemas),
  attendance: bindSchemas(attendanceRoutes, attendanceSchemas),
  matches: bindSchemas(matchesRoutes, matchesSchemas),
  feeds: bindSchemas(feedsRoutes, feedsSchemas),
  files: bindSchemas(filesRoutes, filesSchemas),
  profiles: bindSchemas(profilesRoutes, profilesSchemas),
  conversations: bindSchemas(conversationsRoutes, conversationsSchemas),
  notifications: bindSchemas(notificationsRoutes, notificationsSchemas),
  push: bindSchemas(pushRoutes, pushSchemas),
  search: bindSchemas(searchRoutes, searchSchemas),
  config: bindSchemas(configRoutes, configSchemas),
  clients: bindSchemas(clientsRoutes, clientsSchemas),
  admin: bindSchemas(adminRoutes, adminSchemas),
  realtime: bindSchemas(realtimeRoutes, realtimeSchemas),
  docs: bindSchemas(docsRoutes, docsSchemas),
};

/** The contract's type. */
export type Contract = typeof contract;

/** Any one operation of {@link contract}, as a union over all of them. */
export type ContractOperation = {
  [A in keyof Contract]: Contract[A][keyof Contract[A]];
}[keyof Contract];

/** The operation of {@link contract} with id `Id`. */
export type OperationById<Id extends string> = Extract<ContractOperation, { id: Id }>;

/** Every operation of {@link contract}, area by area in table order. */
export const operations: readonly Operation[] = Object.values(contract).flatMap(
  (area) => Object.values(area) as Operation[],
);
