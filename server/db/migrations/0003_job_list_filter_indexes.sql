-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "jobs_status_live_ref" ON "jobs" USING btree ("company_id","status_id","ref_nr") WHERE "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_subscriber_trgm" ON "jobs" USING gin ("subscriber_text" gin_trgm_ops) WHERE "jobs"."deleted_at" is null;