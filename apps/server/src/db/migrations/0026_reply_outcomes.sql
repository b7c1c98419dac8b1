CREATE TABLE "reply_outcomes" (
	"response_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"project_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"first_reply" boolean NOT NULL,
	"first_pass" boolean NOT NULL,
	"from_template" boolean NOT NULL,
	"rating" smallint,
	"waited_seconds" integer
);
--> statement-breakpoint
ALTER TABLE "reply_outcomes" ADD CONSTRAINT "reply_outcomes_response_id_ai_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."ai_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_outcomes" ADD CONSTRAINT "reply_outcomes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_outcomes" ADD CONSTRAINT "reply_outcomes_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_outcomes_org_approved_idx" ON "reply_outcomes" USING btree ("org_id","approved_at");--> statement-breakpoint
-- The replies approved before this migration, by the rules of features/analytics/reply-outcomes.ts.
INSERT INTO "reply_outcomes" ("response_id", "org_id", "message_id", "project_id", "received_at", "approved_at",
  "first_reply", "first_pass", "from_template", "rating", "waited_seconds")
SELECT r.id, r.org_id, r.message_id, m.project_id, m.created_at, r.approved_at,
  NOT EXISTS (SELECT 1 FROM ai_responses e WHERE e.message_id = r.message_id AND e.id <> r.id
    AND e.approved_at IS NOT NULL AND e.sent_email_id IS NOT NULL AND e.approved_at <= r.approved_at),
  NOT EXISTS (SELECT 1 FROM approval_requests q WHERE q.message_id = r.message_id
    AND q.status = 'changes_requested' AND q.decided_at <= r.approved_at),
  (r.provenance ? 'library' OR jsonb_array_length(coalesce(r.provenance->'templates', '[]'::jsonb)) > 0),
  r.approval_rating,
  (SELECT extract(epoch FROM q.decided_at - q.submitted_at)::int FROM approval_requests q
    WHERE q.message_id = r.message_id AND q.response_id = r.id AND q.status = 'approved'
    ORDER BY q.decided_at DESC LIMIT 1)
FROM ai_responses r JOIN investor_messages m ON m.id = r.message_id
WHERE r.approved_at IS NOT NULL
ON CONFLICT ("response_id") DO NOTHING;
