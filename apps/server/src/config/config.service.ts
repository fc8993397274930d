import {
  clientConfigSchema,
  DEFAULT_CLIENT_CONFIG,
  type ClientConfig,
  type UpdateClientConfig,
} from '@rally/shared/config';
import { assertGlobalAdmin } from '../auth/global-admin.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { RealtimePublisher } from '../realtime/publisher.ts';
import { nextVersion } from '../realtime/realtime-events.ts';
import * as repo from './config.repository.ts';

/** Key of SPEC.md §3's config record `client` (collection `config`, document `client`). */
export const CLIENT_CONFIG_KEY = 'client';

/**
 * Config records (SPEC.md §3). `client` drives live updates (SPEC.md §4): any
 * signed-in user reads it (the app follows it at start-up), global admins
 * write it (DESIGN.md §2).
 */
export class ConfigService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly realtime: RealtimePublisher,
  ) {}

  /**
   * The `client` record `{url, disableLiveUpdate}` (public: anyone may read
   * it, docs/decisions/007); `{url: null, disableLiveUpdate: false}` until a
   * global admin sets it (or if the stored value is unreadable, which writes
   * through {@link setClient} prevent).
   */
  async getClient(): Promise<ClientConfig> {
    const row = await repo.findConfig(this.db, CLIENT_CONFIG_KEY);
    const parsed = clientConfigSchema.safeParse(row?.value);
    return parsed.success
      ? { url: parsed.data.url, disableLiveUpdate: parsed.data.disableLiveUpdate }
      : { ...DEFAULT_CLIENT_CONFIG };
  }

  /**
   * Replaces the `client` record (global admins only, else 404); returns it
   * as stored. Publishes `config.updated` with the record on `config:client`
   * so open apps run the live-update check again (SPEC.md §4, docs/decisions/007).
   */
  async setClient(actor: PolicyActor, input: UpdateClientConfig): Promise<ClientConfig> {
    assertGlobalAdmin(actor);
    const value: ClientConfig = { url: input.url, disableLiveUpdate: input.disableLiveUpdate };
    await repo.upsertConfig(this.db, CLIENT_CONFIG_KEY, value, actor.userId, this.clock.now());
    this.realtime.publish([
      {
        topic: 'config:client',
        kind: 'config.updated',
        ids: [CLIENT_CONFIG_KEY],
        version: nextVersion(),
        payload: value,
      },
    ]);
    return value;
  }
}
