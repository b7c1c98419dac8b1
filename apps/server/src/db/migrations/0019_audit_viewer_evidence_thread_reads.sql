CREATE TABLE "thread_reads" (
	"session_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "thread_reads_session_id_message_id_pk" PRIMARY KEY("session_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "project_id" uuid GENERATED ALWAYS AS (CASE WHEN entity_type = 'project' AND entity_id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN entity_id::uuid WHEN details->>'project_id' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN (details->>'project_id')::uuid END) STORED;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', replace(action_type, '_', ' ') || ' ' || replace(entity_type, '_', ' ')) || jsonb_to_tsvector('simple', details, '["string"]')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "raw_message" text;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_reads_message_idx" ON "thread_reads" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "audit_logs_chain_action_seq_idx" ON "audit_logs" USING btree ("chain","action_type","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_chain_actor_seq_idx" ON "audit_logs" USING btree ("chain","actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_chain_project_seq_idx" ON "audit_logs" USING btree ("chain","project_id","seq") WHERE "audit_logs"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_logs_chain_entity_idx" ON "audit_logs" USING btree ("chain","entity_id");--> statement-breakpoint
CREATE INDEX "audit_logs_search_tsv_idx" ON "audit_logs" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "audit_logs_chain_message_idx" ON "audit_logs" USING btree ("chain",("details"->>'message_id'));