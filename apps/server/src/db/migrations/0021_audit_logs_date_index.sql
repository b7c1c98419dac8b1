DROP INDEX "audit_logs_org_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_chain_created_seq_idx" ON "audit_logs" USING btree ("chain","created_at","seq");