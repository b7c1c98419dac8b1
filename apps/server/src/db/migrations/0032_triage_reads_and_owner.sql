CREATE TABLE "message_reads" (
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_reads_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "investor_messages" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_investor_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."investor_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_reads_message_idx" ON "message_reads" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "investor_messages" ADD CONSTRAINT "investor_messages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Reads before this table existed: every thread a member opened is in the audit chain as message_opened
-- (decision 032), so those messages start read for them; everything else starts unread (decision 050).
INSERT INTO "message_reads" ("user_id", "message_id", "org_id", "read_at")
SELECT a."actor_id", m."id", m."org_id", min(a."created_at")
FROM "audit_logs" a
JOIN "investor_messages" m ON m."id"::text = a."entity_id" AND m."org_id"::text = a."chain"
JOIN "users" u ON u."id" = a."actor_id"
WHERE a."action_type" = 'message_opened' AND a."entity_type" = 'investor_message'
GROUP BY a."actor_id", m."id", m."org_id"
ON CONFLICT DO NOTHING;
