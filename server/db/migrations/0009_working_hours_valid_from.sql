DROP INDEX "working_hours_day";--> statement-breakpoint
ALTER TABLE "working_hours" ADD COLUMN "valid_from" text;--> statement-breakpoint
ALTER TABLE "working_hours" ADD COLUMN "valid_until" text;--> statement-breakpoint
CREATE UNIQUE INDEX "working_hours_day" ON "working_hours" USING btree ("company_id",coalesce("registration_id", 0),coalesce("year", 0),coalesce("week_no", 0),"day_of_week",coalesce("valid_from", ''));