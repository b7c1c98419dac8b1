CREATE TABLE "flag_dismissals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"rule" text NOT NULL,
	"term" text NOT NULL,
	"severity" text NOT NULL,
	"sentence" text NOT NULL,
	"sentence_sha256" text NOT NULL,
	"span_start" integer NOT NULL,
	"span_end" integer NOT NULL,
	"rationale" text NOT NULL,
	"reason" text NOT NULL,
	"dismissed_by" uuid,
	"dismissed_at" timestamp with time zone NOT NULL,
	"restored_by" uuid,
	"restored_at" timestamp with time zone,
	CONSTRAINT "flag_dismissals_severity_check" CHECK ("flag_dismissals"."severity" in ('high', 'medium', 'low'))
);
--> statement-breakpoint
ALTER TABLE "flag_dismissals" ADD CONSTRAINT "flag_dismissals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_dismissals" ADD CONSTRAINT "flag_dismissals_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_dismissals" ADD CONSTRAINT "flag_dismissals_response_id_ai_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."ai_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_dismissals" ADD CONSTRAINT "flag_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_dismissals" ADD CONSTRAINT "flag_dismissals_restored_by_users_id_fk" FOREIGN KEY ("restored_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flag_dismissals_live_key" ON "flag_dismissals" USING btree ("message_id","rule","sentence_sha256") WHERE "flag_dismissals"."restored_at" is null;--> statement-breakpoint
CREATE INDEX "flag_dismissals_org_live_idx" ON "flag_dismissals" USING btree ("org_id","dismissed_at","id") WHERE "flag_dismissals"."restored_at" is null;