import { z } from 'zod';
import { profileEventSchema } from './events.ts';
import { orgSchema } from './orgs.ts';
import { profileSchema } from './profiles.ts';

/** Answer of `GET /api/home`: the `/` page — the user's profiles, organisations and next events. */
export const homeSchema = z.object({
  profiles: z.array(profileSchema),
  orgs: z.array(orgSchema),
  nextEvents: z.array(profileEventSchema),
});
/** See {@link homeSchema}. */
export type Home = z.infer<typeof homeSchema>;
