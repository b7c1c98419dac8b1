-- Audit Logs viewer (docs/decisions/029-audit-entry-fund.md): the fund of an entry and its search words, both
-- generated from hashed fields, and the indexes of the list's filters and search.
ALTER TABLE "audit_logs" ADD COLUMN "project_id" uuid GENERATED ALWAYS AS (CASE WHEN entity_type = 'project' AND entity_id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN entity_id::uuid WHEN details->>'project_id' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN (details->>'project_id')::uuid END) STORED;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', replace(action_type, '_', ' ') || ' ' || replace(entity_type, '_', ' ')) || jsonb_to_tsvector('simple', details, '["string"]')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_logs_chain_action_seq_idx" ON "audit_logs" USING btree ("chain","action_type","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_chain_actor_seq_idx" ON "audit_logs" USING btree ("chain","actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_chain_project_seq_idx" ON "audit_logs" USING btree ("chain","project_id","seq") WHERE "audit_logs"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_logs_chain_entity_idx" ON "audit_logs" USING btree ("chain","entity_id");--> statement-breakpoint
CREATE INDEX "audit_logs_search_tsv_idx" ON "audit_logs" USING gin ("search_tsv");