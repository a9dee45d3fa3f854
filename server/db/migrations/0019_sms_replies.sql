CREATE TABLE "sms_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_message_id" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"text" text NOT NULL,
	"answer" text NOT NULL,
	"outcome" text NOT NULL,
	"company_id" uuid,
	"schedule_item_id" integer,
	"in_reply_to" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_schedule_item_id_schedule_items_id_fk" FOREIGN KEY ("schedule_item_id") REFERENCES "public"."schedule_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_replies" ADD CONSTRAINT "sms_replies_in_reply_to_sms_messages_id_fk" FOREIGN KEY ("in_reply_to") REFERENCES "public"."sms_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_replies_provider_message" ON "sms_replies" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_replies_item" ON "sms_replies" USING btree ("schedule_item_id","received_at");--> statement-breakpoint
CREATE INDEX "sms_replies_company" ON "sms_replies" USING btree ("company_id","received_at");--> statement-breakpoint
CREATE INDEX "sms_messages_provider_ref" ON "sms_messages" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "sms_messages_to_number" ON "sms_messages" USING btree ("to_number","created_at");