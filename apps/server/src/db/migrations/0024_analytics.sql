CREATE TABLE "flag_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"response_id" uuid,
	"rule" text NOT NULL,
	"term" text NOT NULL,
	"severity" text NOT NULL,
	"author_id" uuid,
	"raised_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"outcome_at" timestamp with time zone,
	CONSTRAINT "flag_occurrences_severity_check" CHECK ("flag_occurrences"."severity" in ('high', 'medium', 'low')),
	CONSTRAINT "flag_occurrences_outcome_check" CHECK ("flag_occurrences"."outcome" is null or "flag_occurrences"."outcome" in ('fixed', 'dismissed', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "response_target_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "flag_occurrences" ADD CONSTRAINT "flag_occurrences_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_occurrences" ADD CONSTRAINT "flag_occurrences_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_occurrences" ADD CONSTRAINT "flag_occurrences_response_id_ai_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."ai_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_occurrences" ADD CONSTRAINT "flag_occurrences_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flag_occurrences_message_rule_term_key" ON "flag_occurrences" USING btree ("message_id","rule",lower("term"));--> statement-breakpoint
CREATE INDEX "flag_occurrences_org_raised_idx" ON "flag_occurrences" USING btree ("org_id","raised_at");--> statement-breakpoint
CREATE INDEX "flag_occurrences_org_outcome_idx" ON "flag_occurrences" USING btree ("org_id","outcome_at") WHERE "flag_occurrences"."outcome" is not null;--> statement-breakpoint
CREATE INDEX "ai_responses_org_approved_idx" ON "ai_responses" USING btree ("org_id","approved_at") WHERE "ai_responses"."approved_at" is not null;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_response_target_days_check" CHECK ("organizations"."response_target_days" between 1 and 30);--> statement-breakpoint
-- The response-time target's deadline (docs/decisions/043-analytics.md): N business days (Mon–Fri, UTC)
-- after a message arrived; one that arrives at a weekend starts on Monday 00:00. One expression, so the
-- planner inlines it into the queries that call it per row.
CREATE OR REPLACE FUNCTION parley_business_deadline(p_start timestamptz, p_days integer) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
  SELECT (
    CASE WHEN extract(isodow FROM p_start AT TIME ZONE 'UTC') >= 6
      THEN date_trunc('day', p_start AT TIME ZONE 'UTC') + make_interval(days => 8 - extract(isodow FROM p_start AT TIME ZONE 'UTC')::int)
      ELSE p_start AT TIME ZONE 'UTC' END
    + make_interval(days => (p_days / 5) * 7 + p_days % 5
      -- the weekday the count starts on (Monday after a weekend), plus the days left over, past Friday
      + CASE WHEN (CASE WHEN extract(isodow FROM p_start AT TIME ZONE 'UTC') >= 6 THEN 1
                        ELSE extract(isodow FROM p_start AT TIME ZONE 'UTC')::int END) + p_days % 5 > 5
          THEN 2 ELSE 0 END)
  ) AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
-- Flags of checks stored before this migration: each message's first version raising a rule and term.
INSERT INTO "flag_occurrences" ("org_id", "message_id", "response_id", "rule", "term", "severity", "author_id", "raised_at")
SELECT DISTINCT ON (r.message_id, f->>'rule', lower(f->>'term'))
  r.org_id, r.message_id, r.id, f->>'rule', f->>'term', f->>'severity', r.created_by, r.created_at
FROM "ai_responses" r CROSS JOIN LATERAL jsonb_array_elements(r.compliance_flags) f
WHERE jsonb_typeof(r.compliance_flags) = 'array'
  AND f->>'rule' IS NOT NULL AND f->>'term' IS NOT NULL AND f->>'severity' IN ('high', 'medium', 'low')
ORDER BY r.message_id, f->>'rule', lower(f->>'term'), r.version_number
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- ... and what became of them when the message was first answered.
UPDATE "flag_occurrences" o SET
  "outcome" = CASE
    WHEN NOT EXISTS (SELECT 1 FROM jsonb_array_elements(s.compliance_flags) f
                     WHERE f->>'rule' = o.rule AND lower(f->>'term') = lower(o.term)) THEN 'fixed'
    WHEN EXISTS (SELECT 1 FROM "flag_dismissals" d
                 WHERE d.message_id = o.message_id AND d.rule = o.rule AND lower(d.term) = lower(o.term)
                   AND d.restored_at IS NULL) THEN 'dismissed'
    ELSE 'sent' END,
  "outcome_at" = s.approved_at
FROM (SELECT DISTINCT ON (message_id) message_id, compliance_flags, approved_at FROM "ai_responses"
      WHERE approved_at IS NOT NULL AND sent_email_id IS NOT NULL AND jsonb_typeof(compliance_flags) = 'array'
      ORDER BY message_id, approved_at) s
WHERE s.message_id = o.message_id AND o.raised_at <= s.approved_at;
