ALTER TABLE "ai_responses" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "ai_responses" ADD COLUMN "override_flags" jsonb;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "flag_rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ai_responses_org_overrides_idx" ON "ai_responses" USING btree ("org_id","approved_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ai_responses"."override_reason" is not null;--> statement-breakpoint
CREATE INDEX "approval_requests_queue_age_idx" ON "approval_requests" USING btree ("org_id","flag_rank" DESC NULLS LAST,"submitted_at","id") WHERE "approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_queue_newest_idx" ON "approval_requests" USING btree ("org_id","flag_rank","submitted_at","id") WHERE "approval_requests"."status" = 'pending';--> statement-breakpoint
-- Pending submissions keep their place: the highest severity among the stored check's flags nobody dismissed.
UPDATE "approval_requests" AS r SET "flag_rank" = coalesce((
	SELECT max(CASE f->>'severity' WHEN 'high' THEN 3 WHEN 'medium' THEN 2 WHEN 'low' THEN 1 ELSE 0 END)
	FROM "ai_responses" AS v, jsonb_array_elements(coalesce(v."compliance_flags", '[]'::jsonb)) AS f
	WHERE v."id" = r."response_id" AND NOT (f ? 'dismissal')
), 0) WHERE r."status" = 'pending';
