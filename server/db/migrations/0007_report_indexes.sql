DROP INDEX "jobs_company_completed";--> statement-breakpoint
CREATE INDEX "jobs_company_completed" ON "jobs" USING btree ("company_id","completed_date","ref_nr") WHERE "jobs"."deleted_at" is null;