CREATE TABLE "sms_gateway_deliveries" (
	"provider_ref" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"to_number" text NOT NULL,
	"sender" text NOT NULL,
	"text" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "error" text;--> statement-breakpoint
-- Messages written before the outbox were kept by the embedded gateway when they were written: they are not sent again.
UPDATE "sms_messages" SET "status" = 'delivered', "handed_over_at" = "created_at", "finished_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "sms_gateway_deliveries_reference" ON "sms_gateway_deliveries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "sms_messages_status_created" ON "sms_messages" USING btree ("status","created_at");