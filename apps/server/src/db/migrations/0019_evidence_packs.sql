ALTER TABLE "email_outbox" ADD COLUMN "raw_message" text;--> statement-breakpoint
CREATE INDEX "audit_logs_org_entity_idx" ON "audit_logs" USING btree ("org_id","entity_id");--> statement-breakpoint
CREATE INDEX "audit_logs_org_message_idx" ON "audit_logs" USING btree ("org_id",("details"->>'message_id'));