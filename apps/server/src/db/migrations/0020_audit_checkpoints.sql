CREATE TABLE "audit_checkpoints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_checkpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"head_hash" text NOT NULL,
	"signed_at" text NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"trigger" text NOT NULL,
	CONSTRAINT "audit_checkpoints_trigger_check" CHECK ("audit_checkpoints"."trigger" in ('scheduled', 'on_demand', 'export'))
);
--> statement-breakpoint
CREATE TABLE "audit_verifications" (
	"chain" text PRIMARY KEY NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"valid" boolean NOT NULL,
	"entries" bigint NOT NULL,
	"checkpoints_checked" integer NOT NULL,
	"problem" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_checkpoints_chain_id_idx" ON "audit_checkpoints" USING btree ("chain","id");--> statement-breakpoint
-- Hand-written: checkpoints are append-only like audit_logs (migration 0001). A
-- checkpoint that could be edited or removed would prove nothing (docs/audit-format.md, Checkpoints).
CREATE FUNCTION audit_checkpoints_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_checkpoints is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_update_delete BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_checkpoints_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit_checkpoints_refuse_change();
