-- Search (issue 3; SPEC.md §7 "search service" add-on): full-text search and
-- pg_trgm trigram similarity, so misspelt names still match.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orgs_name_trgm_idx" ON "orgs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_name_trgm_idx" ON "programs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orgs_name_fts_idx" ON "orgs" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_name_fts_idx" ON "programs" USING gin (to_tsvector('simple', "name" || ' ' || "description"));
