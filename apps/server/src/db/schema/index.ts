// Drizzle needs every table in one schema object; this file is that object's
// single source (drizzle.config.ts and db/client.ts import it).
export * from './auth.ts';
export * from './profiles.ts';
export * from './orgs.ts';
export * from './programs.ts';
export * from './subscriptions.ts';
export * from './events.ts';
export * from './platform.ts';
export * from './activities.ts';
export * from './conversations.ts';
export * from './push.ts';
export * from './matches.ts';
