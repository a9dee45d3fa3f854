CREATE TABLE "company_configurations" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"date" text NOT NULL,
	"year" integer NOT NULL,
	"week_no" integer NOT NULL,
	"holiday_type_id" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"setting_type_id" integer NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_template_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"notification_template_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"notification_type_id" integer NOT NULL,
	"parent_template_id" integer,
	"is_sample_template" boolean DEFAULT false NOT NULL,
	"is_example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "working_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"registration_id" integer,
	"year" integer,
	"week_no" integer,
	"day_of_week" integer NOT NULL,
	"start_time" text,
	"end_time" text,
	"lunch_start_time" text,
	"lunch_end_time" text
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_configurations" ADD CONSTRAINT "company_configurations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_holidays" ADD CONSTRAINT "company_holidays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_template_contents" ADD CONSTRAINT "notification_template_contents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_template_contents" ADD CONSTRAINT "notification_template_contents_notification_template_id_notification_templates_id_fk" FOREIGN KEY ("notification_template_id") REFERENCES "public"."notification_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_holidays_date" ON "company_holidays" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "company_holidays_year" ON "company_holidays" USING btree ("company_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "company_settings_type" ON "company_settings" USING btree ("company_id","setting_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_key" ON "notification_templates" USING btree (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid),"key");--> statement-breakpoint
CREATE INDEX "notification_templates_type" ON "notification_templates" USING btree ("company_id","notification_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "working_hours_day" ON "working_hours" USING btree ("company_id",coalesce("registration_id", 0),coalesce("year", 0),coalesce("week_no", 0),"day_of_week");--> statement-breakpoint
CREATE INDEX "jobs_company_completed" ON "jobs" USING btree ("company_id","completed_date") WHERE "jobs"."deleted_at" is null;--> statement-breakpoint
INSERT INTO "reference_items" ("list", "id", "sort_order", "data") VALUES
  ('ApplicationSetting', 10, 9, '{"id":10,"name":"JobInterval","description":"Job interval"}'::jsonb);
