CREATE TABLE "schedule_presence" (
	"view_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"viewer_registration_id" integer NOT NULL,
	"assignee_id" integer NOT NULL,
	"year" integer NOT NULL,
	"week_no" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_presence" ADD CONSTRAINT "schedule_presence_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_presence_week" ON "schedule_presence" USING btree ("company_id","assignee_id","year","week_no");