ALTER TABLE "ai_responses" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "flag_occurrences" ADD COLUMN "project_id" uuid;--> statement-breakpoint
-- Earlier rows take their message's fund (messages never change fund; docs/decisions/043-analytics.md).
UPDATE "ai_responses" r SET "project_id" = m."project_id"
  FROM "investor_messages" m WHERE m."id" = r."message_id" AND m."project_id" IS NOT NULL;--> statement-breakpoint
UPDATE "flag_occurrences" o SET "project_id" = m."project_id"
  FROM "investor_messages" m WHERE m."id" = o."message_id" AND m."project_id" IS NOT NULL;
