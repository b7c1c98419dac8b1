ALTER TABLE "project_documents" ADD COLUMN "non_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "project_documents" ADD COLUMN "public_from" timestamp with time zone;