CREATE TABLE "meter_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"external_id" bigint NOT NULL,
	"water_meter_id" bigint,
	"meter_serial" text,
	"agreement_no" text NOT NULL,
	"assignment_type" integer NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"address" text NOT NULL,
	"street" text NOT NULL,
	"building_no" text,
	"matrikkelenhet_nr" text,
	"install_date" text,
	"dimension_id" integer,
	"zone_id" integer,
	"reader_type_id" integer,
	"agreement_type_id" integer,
	"status_id" integer,
	"reference_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plumber_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"registration_id" integer NOT NULL,
	"date" text NOT NULL,
	"availability_type_id" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "register_lookups" (
	"customer_id" uuid NOT NULL,
	"list" text NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "register_lookups_customer_id_list_id_pk" PRIMARY KEY("customer_id","list","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_batch_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"schedule_id" integer NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "schedule_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"meter_point_id" bigint NOT NULL,
	"object_id" bigint,
	"object_type" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"notes" text,
	"address" text NOT NULL,
	"agreement_no" text,
	"scheduled_date" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"duration" integer NOT NULL,
	"duration_override" integer,
	"latitude" double precision,
	"longitude" double precision,
	"reference_number" text,
	"contact_information" jsonb,
	"matrikkelenhet_id" text,
	"sequence_number" integer DEFAULT 0 NOT NULL,
	"is_scheduled" boolean DEFAULT false NOT NULL,
	"cancellation_type_id" integer,
	"batch_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"assignee_id" integer NOT NULL,
	"year" integer NOT NULL,
	"week_no" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unavailable_time_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"schedule_id" integer NOT NULL,
	"date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meter_points" ADD CONSTRAINT "meter_points_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_points" ADD CONSTRAINT "meter_points_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plumber_availability" ADD CONSTRAINT "plumber_availability_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_lookups" ADD CONSTRAINT "register_lookups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_batch_jobs" ADD CONSTRAINT "schedule_batch_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_batch_jobs" ADD CONSTRAINT "schedule_batch_jobs_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_batch_jobs" ADD CONSTRAINT "schedule_batch_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_items" ADD CONSTRAINT "schedule_items_meter_point_id_meter_points_id_fk" FOREIGN KEY ("meter_point_id") REFERENCES "public"."meter_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_time_slots" ADD CONSTRAINT "unavailable_time_slots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_time_slots" ADD CONSTRAINT "unavailable_time_slots_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meter_points_customer_external" ON "meter_points" USING btree ("customer_id","external_id");--> statement-breakpoint
CREATE INDEX "meter_points_company" ON "meter_points" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "meter_points_company_street" ON "meter_points" USING btree ("company_id",lower("street") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "plumber_availability_day" ON "plumber_availability" USING btree ("company_id","registration_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "register_lookups_name" ON "register_lookups" USING btree ("customer_id","list","name");--> statement-breakpoint
CREATE INDEX "schedule_batch_jobs_schedule" ON "schedule_batch_jobs" USING btree ("schedule_id","created_at");--> statement-breakpoint
CREATE INDEX "schedule_items_schedule" ON "schedule_items" USING btree ("schedule_id","sequence_number");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_items_live_point" ON "schedule_items" USING btree ("meter_point_id") WHERE "schedule_items"."status" <> 7;--> statement-breakpoint
CREATE INDEX "schedule_items_company_start" ON "schedule_items" USING btree ("company_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_assignee_week" ON "schedules" USING btree ("company_id","assignee_id","year","week_no");--> statement-breakpoint
CREATE INDEX "unavailable_time_slots_schedule" ON "unavailable_time_slots" USING btree ("schedule_id");