CREATE TABLE "investor_profiles" (
	"org_id" uuid NOT NULL,
	"email" text NOT NULL,
	"investor_type" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_profiles_org_id_email_pk" PRIMARY KEY("org_id","email"),
	CONSTRAINT "investor_profiles_type_check" CHECK ("investor_profiles"."investor_type" in ('retail', 'accredited', 'institutional')),
	CONSTRAINT "investor_profiles_email_lower_check" CHECK ("investor_profiles"."email" = lower("investor_profiles"."email"))
);
--> statement-breakpoint
CREATE TABLE "supervisory_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "supervisory_reviews_reason_check" CHECK ("supervisory_reviews"."reason" in ('flagged', 'sampled')),
	CONSTRAINT "supervisory_reviews_status_check" CHECK ("supervisory_reviews"."status" in ('pending', 'signed_off'))
);
--> statement-breakpoint
ALTER TABLE "ai_responses" ADD COLUMN "communication_class" text;--> statement-breakpoint
ALTER TABLE "ai_responses" ADD COLUMN "class_recipients" integer;--> statement-breakpoint
ALTER TABLE "compliance_settings" ADD COLUMN "class_rules" jsonb;--> statement-breakpoint
ALTER TABLE "compliance_settings" ADD COLUMN "review_sample_percent" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_passages" ADD COLUMN "non_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_passages" ADD COLUMN "public_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisory_reviews" ADD CONSTRAINT "supervisory_reviews_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisory_reviews" ADD CONSTRAINT "supervisory_reviews_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisory_reviews" ADD CONSTRAINT "supervisory_reviews_response_id_ai_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."ai_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisory_reviews" ADD CONSTRAINT "supervisory_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supervisory_reviews_response_key" ON "supervisory_reviews" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "supervisory_reviews_org_status_created_idx" ON "supervisory_reviews" USING btree ("org_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ai_responses" ADD CONSTRAINT "ai_responses_communication_class_check" CHECK ("ai_responses"."communication_class" is null or "ai_responses"."communication_class" in ('correspondence', 'retail', 'institutional'));--> statement-breakpoint
ALTER TABLE "compliance_settings" ADD CONSTRAINT "compliance_settings_review_sample_percent_check" CHECK ("compliance_settings"."review_sample_percent" between 0 and 100);