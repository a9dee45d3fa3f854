CREATE TABLE "twilio_messages" (
	"reference" text PRIMARY KEY NOT NULL,
	"sid" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "twilio_messages_sid" ON "twilio_messages" USING btree ("sid");