CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"pseudonym" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"messages_pseudonymised" integer NOT NULL,
	"messages_retained" integer NOT NULL,
	"emails_pseudonymised" integer NOT NULL,
	"emails_retained" integer NOT NULL,
	"retained_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legal_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"investor_email" text,
	"project_id" uuid,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"release_reason" text,
	CONSTRAINT "legal_holds_scope_check" CHECK ("legal_holds"."scope" in ('investor', 'project', 'all')),
	CONSTRAINT "legal_holds_scope_target" CHECK (("legal_holds"."scope" = 'investor' and "legal_holds"."investor_email" is not null and "legal_holds"."investor_email" = lower("legal_holds"."investor_email") and "legal_holds"."project_id" is null)
        or ("legal_holds"."scope" = 'project' and "legal_holds"."project_id" is not null and "legal_holds"."investor_email" is null)
        or ("legal_holds"."scope" = 'all' and "legal_holds"."investor_email" is null and "legal_holds"."project_id" is null)),
	CONSTRAINT "legal_holds_release_complete" CHECK (("legal_holds"."released_at" is null) = ("legal_holds"."released_by" is null and "legal_holds"."release_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "retention_years" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_requests_org_created_idx" ON "erasure_requests" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legal_holds_org_created_idx" ON "legal_holds" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legal_holds_org_active_idx" ON "legal_holds" USING btree ("org_id","scope") WHERE "legal_holds"."released_at" is null;--> statement-breakpoint
CREATE INDEX "email_events_outbox_idx" ON "email_events" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "email_outbox_org_to_idx" ON "email_outbox" USING btree ("org_id","to_email");--> statement-breakpoint
CREATE INDEX "investor_messages_org_email_idx" ON "investor_messages" USING btree ("org_id",lower("investor_email"));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_retention_years_floor" CHECK ("organizations"."retention_years" >= 6);