ALTER TABLE "ai_responses" ADD COLUMN "text_signature" text;--> statement-breakpoint
ALTER TABLE "ai_responses" DROP COLUMN "text_bands";