-- Inbound e-mail and threads (docs/decisions/058-inbound-email.md).
CREATE TABLE "inbound_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"via" text NOT NULL,
	"rfc_message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"envelope_from" text,
	"subject" text NOT NULL,
	"outcome" text NOT NULL,
	"message_id" uuid,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"raw" "bytea",
	CONSTRAINT "inbound_emails_outcome_check" CHECK ("inbound_emails"."outcome" in ('new_thread', 'threaded', 'auto_reply', 'bounce')),
	CONSTRAINT "inbound_emails_via_check" CHECK ("inbound_emails"."via" in ('webhook', 'smtp'))
);
--> statement-breakpoint
CREATE TABLE "message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investor_messages" ADD COLUMN "thread_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000'::uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "investor_messages" ADD COLUMN "thread_latest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "investor_messages" ADD COLUMN "source" text DEFAULT 'compose' NOT NULL;--> statement-breakpoint
ALTER TABLE "investor_messages" ADD COLUMN "sender_unknown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "inbound_slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "notify_investor_replies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A thread is named by its first message: every existing message is a thread of its own, and a row
-- inserted without a thread (the nil uuid default) starts one, whoever writes it.
UPDATE "investor_messages" SET "thread_id" = "id";--> statement-breakpoint
CREATE FUNCTION investor_messages_thread_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.thread_id = '00000000-0000-0000-0000-000000000000'::uuid THEN
    NEW.thread_id := NEW.id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER investor_messages_thread_fill BEFORE INSERT ON investor_messages
  FOR EACH ROW EXECUTE FUNCTION investor_messages_thread_fill();--> statement-breakpoint
-- The tab counts count threads: only each thread's newest message (0010's function, filtered), so
-- a message joining a thread moves the count from the one before it to itself.
CREATE OR REPLACE FUNCTION investor_message_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT org_id, project_id, status, 1 AS d FROM new_rows WHERE thread_latest'
    WHEN 'DELETE' THEN 'SELECT org_id, project_id, status, -1 AS d FROM old_rows WHERE thread_latest'
    ELSE 'SELECT org_id, project_id, status, 1 AS d FROM new_rows WHERE thread_latest
          UNION ALL SELECT org_id, project_id, status, -1 AS d FROM old_rows WHERE thread_latest'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM investor_message_counts;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO investor_message_counts AS c (org_id, project_id, status, n)
    SELECT m.org_id, scope.project_id, m.status, sum(m.d)::integer
    FROM (%s) m
    CROSS JOIN LATERAL (
      SELECT NULL::uuid AS project_id
      UNION ALL
      SELECT m.project_id WHERE m.project_id IS NOT NULL
    ) scope
    GROUP BY m.org_id, scope.project_id, m.status
    HAVING sum(m.d) <> 0
    ORDER BY m.org_id, scope.project_id NULLS FIRST, m.status
    ON CONFLICT (org_id, project_id, status) DO UPDATE SET n = c.n + excluded.n
  $sql$, changed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An organisation's inbound address part, from its name: lower-case letters, digits and single
-- hyphens, at most 40 characters, numbered when taken ('acme', 'acme-2').
CREATE FUNCTION organizations_free_inbound_slug(org_name text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(
    nullif(trim(both '-' from left(regexp_replace(lower(org_name), '[^a-z0-9]+', '-', 'g'), 40)), ''),
    'org');
  candidate text := base;
  n integer := 1;
BEGIN
  WHILE EXISTS (SELECT 1 FROM organizations WHERE inbound_slug = candidate) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, name FROM organizations ORDER BY created_at, id LOOP
    UPDATE organizations SET inbound_slug = organizations_free_inbound_slug(r.name) WHERE id = r.id;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE FUNCTION organizations_inbound_slug_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.inbound_slug IS NULL OR NEW.inbound_slug = '' THEN
    NEW.inbound_slug := organizations_free_inbound_slug(NEW.name);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER organizations_inbound_slug_fill BEFORE INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION organizations_inbound_slug_fill();--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_inbound_slug_check" CHECK ("organizations"."inbound_slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_document_id_project_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."project_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_emails_org_message_id_key" ON "inbound_emails" USING btree ("org_id","rfc_message_id");--> statement-breakpoint
CREATE INDEX "inbound_emails_org_received_idx" ON "inbound_emails" USING btree ("org_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_emails_message_idx" ON "inbound_emails" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "inbound_emails_org_from_idx" ON "inbound_emails" USING btree ("org_id","from_address");--> statement-breakpoint
CREATE INDEX "message_attachments_message_idx" ON "message_attachments" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "investor_messages_thread_idx" ON "investor_messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_inbound_slug_key" ON "organizations" USING btree ("inbound_slug");--> statement-breakpoint
ALTER TABLE "investor_messages" ADD CONSTRAINT "investor_messages_source_check" CHECK ("investor_messages"."source" in ('compose', 'email'));