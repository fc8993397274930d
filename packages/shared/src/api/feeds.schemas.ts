import { profileParamsSchema, programParamsSchema } from '../common.ts';
import { calendarFeedAnswerSchema, feedFileParamsSchema } from '../feeds.ts';
import type { feedsRoutes } from './feeds.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link feedsRoutes}. */
export const feedsSchemas = {
  profileFeed: { params: profileParamsSchema, response: calendarFeedAnswerSchema },
  rotateProfileFeed: { params: profileParamsSchema, response: calendarFeedAnswerSchema },
  programFeed: { params: programParamsSchema, response: calendarFeedAnswerSchema },
  rotateProgramFeed: { params: programParamsSchema, response: calendarFeedAnswerSchema },
  render: { params: feedFileParamsSchema },
} as const satisfies SchemasOf<typeof feedsRoutes>;
