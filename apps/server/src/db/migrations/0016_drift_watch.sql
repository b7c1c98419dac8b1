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
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_document_id_project_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."project_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_response_id_ai_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."ai_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_library_answer_id_library_answers_id_fk" FOREIGN KEY ("library_answer_id") REFERENCES "public"."library_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_items_org_pending_idx" ON "review_items" USING btree ("org_id","created_at","id") WHERE "review_items"."reviewed_at" is null;