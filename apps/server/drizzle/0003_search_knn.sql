-- Search at scale (issue 3 benchmark): GiST trigram indexes answer both the
-- `<%` / ILIKE filters and a KNN `ORDER BY q <<-> name LIMIT n`, so the best
-- matches come straight from the index instead of scoring every candidate.
DROP INDEX IF EXISTS "orgs_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "programs_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "events_title_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orgs_name_trgm_gist_idx" ON "orgs" USING gist ("name" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "programs_name_trgm_gist_idx" ON "programs" USING gist ("name" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_name_trgm_gist_idx" ON "profiles" USING gist ("display_name" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_title_trgm_gist_idx" ON "events" USING gist ("title" gist_trgm_ops);
