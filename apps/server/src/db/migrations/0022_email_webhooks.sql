CREATE TABLE "email_webhook_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_webhook_receipts_status_check" CHECK ("email_webhook_receipts"."status" between 200 and 599)
);
--> statement-breakpoint
DROP INDEX "email_events_org_created_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "email_webhook_receipts_webhook_id_key" ON "email_webhook_receipts" USING btree ("webhook_id") WHERE "email_webhook_receipts"."status" < 500;--> statement-breakpoint
CREATE INDEX "email_webhook_receipts_received_idx" ON "email_webhook_receipts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "email_events_org_created_id_idx" ON "email_events" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "email_events_orgless_created_idx" ON "email_events" USING btree ("created_at") WHERE "email_events"."org_id" is null;--> statement-breakpoint
CREATE INDEX "email_outbox_message_id_idx" ON "email_outbox" USING btree ("message_id");