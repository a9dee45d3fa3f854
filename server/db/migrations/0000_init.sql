CREATE SEQUENCE "public"."change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" bigint PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"property_id" bigint NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"text" text NOT NULL,
	"x" double precision,
	"y" double precision,
	"srs" integer
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"org_number" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"postcode" integer NOT NULL,
	"city" text NOT NULL,
	"telephone" text NOT NULL,
	"email" text NOT NULL,
	"has_agreement" boolean DEFAULT false NOT NULL,
	"agreement_start" timestamp with time zone,
	"agreement_end" timestamp with time zone,
	CONSTRAINT "companies_org_number_unique" UNIQUE("org_number")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"support_email" text,
	"support_phone" text,
	CONSTRAINT "customers_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "feed_tombstones" (
	"seq" bigint PRIMARY KEY DEFAULT nextval('change_seq') NOT NULL,
	"job_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"registration_id" integer
);
--> statement-breakpoint
CREATE TABLE "housing_units" (
	"id" bigint PRIMARY KEY NOT NULL,
	"address_id" bigint NOT NULL,
	"property_id" bigint NOT NULL,
	"ident" text NOT NULL,
	"building_id" bigint,
	"type_code" text DEFAULT 'B' NOT NULL,
	"status_code" text DEFAULT 'G' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ref_nr" bigserial NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"severity_id" integer NOT NULL,
	"description" text,
	"scheduled_date" timestamp with time zone,
	"due_date" timestamp with time zone,
	"completed_date" timestamp with time zone,
	"completed_by" text,
	"assigned_to_id" integer NOT NULL,
	"assignee_name" text NOT NULL,
	"assigned_date" timestamp with time zone,
	"subscriber_text" text NOT NULL,
	"matrikkel_nummer" text NOT NULL,
	"matrikkelenhet_id" bigint NOT NULL,
	"address_id" bigint,
	"contact_info" jsonb,
	"notes" text,
	"auto_created" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_near_by_job" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"change_seq" bigint DEFAULT nextval('change_seq') NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "jobs_ref_nr_unique" UNIQUE("ref_nr")
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_type_id_pk" PRIMARY KEY("type","id")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" bigint PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"matrikkel_nummer" text NOT NULL,
	"municipality_code" text NOT NULL,
	"parent_id" bigint,
	"owners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"x" double precision,
	"y" double precision,
	"srs" integer
);
--> statement-breakpoint
CREATE TABLE "reference_items" (
	"list" text NOT NULL,
	"id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "reference_items_list_id_pk" PRIMARY KEY("list","id")
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"job_type" text NOT NULL,
	"title" text NOT NULL,
	"type_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"task_order" integer DEFAULT 0 NOT NULL,
	"task_no" integer DEFAULT 1 NOT NULL,
	"external_ref_id" text,
	"external_ref_text" text,
	"assigned_to" integer,
	"assignee_name" text,
	"schedule_item_id" integer,
	"start_date" timestamp with time zone,
	"subscriber_details" jsonb,
	"new_water_meter_obj" jsonb,
	"dismantle_obj" jsonb,
	"additional_details_request" jsonb,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" serial NOT NULL,
	"customer_id" uuid NOT NULL,
	"company_id" uuid,
	"role_id" integer NOT NULL,
	"status" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"password_hash" text NOT NULL,
	"gdpr_consent" boolean DEFAULT false NOT NULL,
	"hide_plumber_options" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_registration_id_unique" UNIQUE("registration_id")
);
--> statement-breakpoint
CREATE TABLE "water_meters" (
	"id" bigint PRIMARY KEY NOT NULL,
	"property_id" bigint NOT NULL,
	"serial_no" text NOT NULL,
	"meter_model_id" integer,
	"water_type" integer DEFAULT 0 NOT NULL,
	"placement_id" integer,
	"dimension" text,
	"last_meter_reading" double precision,
	"last_read_date" timestamp with time zone,
	"installed_date" timestamp with time zone,
	"reader_type_id" integer,
	"water_meter_point_id" bigint
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "housing_units" ADD CONSTRAINT "housing_units_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "housing_units" ADD CONSTRAINT "housing_units_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_meters" ADD CONSTRAINT "water_meters_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_customer_text" ON "addresses" USING btree ("customer_id","text");--> statement-breakpoint
CREATE INDEX "tombstones_company_seq" ON "feed_tombstones" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "jobs_company_seq" ON "jobs" USING btree ("company_id","change_seq");--> statement-breakpoint
CREATE INDEX "jobs_assignee_seq" ON "jobs" USING btree ("assigned_to_id","change_seq");--> statement-breakpoint
CREATE INDEX "jobs_company_created" ON "jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "oidc_grant" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_uid" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_customer_nr" ON "properties" USING btree ("customer_id","matrikkel_nummer");--> statement-breakpoint
CREATE INDEX "tasks_job" ON "tasks" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company" ON "users" USING btree ("company_id");