ALTER TABLE "ai_responses" ADD COLUMN "text_bands" integer[];--> statement-breakpoint
ALTER TABLE "ai_responses" ADD COLUMN "class_text" text;