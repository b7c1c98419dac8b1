CREATE TABLE "library_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"title" text NOT NULL,
	"question" text NOT NULL,
	"question_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', question)) STORED NOT NULL,
	"answer" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner_id" uuid NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"source_message_id" uuid,
	"reminded_state" text,
	"reminded_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "library_answers_reminded_state_check" CHECK ("library_answers"."reminded_state" is null or "library_answers"."reminded_state" in ('expiring', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document_id" uuid,
	"file_name" text NOT NULL,
	"message_id" uuid,
	"response_id" uuid,
	"version_number" integer,
	"library_answer_id" uuid,
	"old_passage_id" uuid NOT NULL,
	"old_doc_path" text NOT NULL,
	"old_text" text NOT NULL,
	"new_passage_id" uuid,
	"new_doc_path" text,
	"new_text" text,
	"similarity" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "review_items_kind_check" CHECK ("review_items"."kind" in ('draft', 'library_answer')),
	CONSTRAINT "review_items_subject_check" CHECK (("review_items"."kind" = 'draft' and "review_items"."message_id" is not null) or ("review_items"."kind" = 'library_answer' and "review_items"."library_answer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "library_answer_id" uuid;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_source_message_id_investor_messages_id_fk" FOREIGN KEY ("source_message_id") REFERENCES "public"."investor_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_answers" ADD CONSTRAINT "library_answers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_document_id_project_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."project_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_response_id_ai_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."ai_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_library_answer_id_library_answers_id_fk" FOREIGN KEY ("library_answer_id") REFERENCES "public"."library_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_answers_question_tsv_idx" ON "library_answers" USING gin ("question_tsv") WHERE "library_answers"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "library_answers_org_title_idx" ON "library_answers" USING btree ("org_id","title","id") WHERE "library_answers"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "library_answers_expiry_idx" ON "library_answers" USING btree ("expires_at") WHERE "library_answers"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "review_items_org_pending_idx" ON "review_items" USING btree ("org_id","created_at","id") WHERE "review_items"."reviewed_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_library_answer_id_library_answers_id_fk" FOREIGN KEY ("library_answer_id") REFERENCES "public"."library_answers"("id") ON DELETE cascade ON UPDATE no action;