import {
  orgParamsSchema,
  profileParamsSchema,
  programEventParamsSchema,
  programParamsSchema,
} from '../common.ts';
import {
  matchFormatFieldsSchema,
  matchFormatListSchema,
  matchFormatParamsSchema,
  matchFormatSchema,
  matchIncidentParamsSchema,
  matchShareParamsSchema,
  matchViewSchema,
  profileMatchStatsSchema,
  programMatchStatsSchema,
  recordIncidentsResultSchema,
  recordIncidentsSchema,
  saveMatchDetailsSchema,
  saveSquadSchema,
  sharedMatchSchema,
  takeLeaseSchema,
} from '../matches.ts';
import type { matchesRoutes } from './matches.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link matchesRoutes}. */
export const matchesSchemas = {
  listFormats: { params: orgParamsSchema, response: matchFormatListSchema },
  createFormat: {
    params: orgParamsSchema,
    body: matchFormatFieldsSchema,
    response: matchFormatSchema,
  },
  updateFormat: {
    params: matchFormatParamsSchema,
    body: matchFormatFieldsSchema,
    response: matchFormatSchema,
  },
  deleteFormat: { params: matchFormatParamsSchema },
  get: { params: programEventParamsSchema, response: matchViewSchema },
  saveDetails: {
    params: programEventParamsSchema,
    body: saveMatchDetailsSchema,
    response: matchViewSchema,
  },
  saveSquad: { params: programEventParamsSchema, body: saveSquadSchema, response: matchViewSchema },
  publish: { params: programEventParamsSchema, response: matchViewSchema },
  takeLease: {
    params: programEventParamsSchema,
    body: takeLeaseSchema,
    response: matchViewSchema,
  },
  recordIncidents: {
    params: programEventParamsSchema,
    body: recordIncidentsSchema,
    response: recordIncidentsResultSchema,
  },
  programStats: { params: programParamsSchema, response: programMatchStatsSchema },
  programStatsCsv: { params: programParamsSchema },
  profileStats: { params: profileParamsSchema, response: profileMatchStatsSchema },
  voidIncident: { params: matchIncidentParamsSchema, response: matchViewSchema },
  getShared: { params: matchShareParamsSchema, response: sharedMatchSchema },
} as const satisfies SchemasOf<typeof matchesRoutes>;
