-- The inbox's tab counts (docs/decisions/016-inbox-tab-counts.md): counting an organisation's messages on every inbox request
-- scanned all its rows. investor_message_counts holds n per (organisation, status) with project_id
-- null, and per (organisation, fund, status); statement triggers on investor_messages keep it in the
-- writer's own transaction, so every writer (the app, seeds, psql) stays counted.
CREATE TABLE "investor_message_counts" (
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "investor_message_counts_key" UNIQUE NULLS NOT DISTINCT("org_id","project_id","status")
);
--> statement-breakpoint
ALTER TABLE "investor_message_counts" ADD CONSTRAINT "investor_message_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_message_counts" ADD CONSTRAINT "investor_message_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- No writes to investor_messages until this migration commits: the backfill below is then exact.
LOCK TABLE "investor_messages" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- One statement per INSERT, UPDATE or DELETE, whatever its row count: the changed rows (transition
-- tables) are netted per key (+1 new, -1 old; an UPDATE of other columns nets to nothing) and added
-- in key order, so concurrent writers lock the counter rows in the same order and never deadlock.
CREATE FUNCTION investor_message_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT org_id, project_id, status, 1 AS d FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT org_id, project_id, status, -1 AS d FROM old_rows'
    ELSE 'SELECT org_id, project_id, status, 1 AS d FROM new_rows
          UNION ALL SELECT org_id, project_id, status, -1 AS d FROM old_rows'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM investor_message_counts;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    INSERT INTO investor_message_counts AS c (org_id, project_id, status, n)
    SELECT m.org_id, scope.project_id, m.status, sum(m.d)::integer
    FROM (%s) m
    CROSS JOIN LATERAL (
      SELECT NULL::uuid AS project_id
      UNION ALL
      SELECT m.project_id WHERE m.project_id IS NOT NULL
    ) scope
    GROUP BY m.org_id, scope.project_id, m.status
    HAVING sum(m.d) <> 0
    ORDER BY m.org_id, scope.project_id NULLS FIRST, m.status
    ON CONFLICT (org_id, project_id, status) DO UPDATE SET n = c.n + excluded.n
  $sql$, changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER investor_messages_counts_insert AFTER INSERT ON investor_messages
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION investor_message_counts_apply();
--> statement-breakpoint
CREATE TRIGGER investor_messages_counts_update AFTER UPDATE ON investor_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION investor_message_counts_apply();
--> statement-breakpoint
CREATE TRIGGER investor_messages_counts_delete AFTER DELETE ON investor_messages
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION investor_message_counts_apply();
--> statement-breakpoint
CREATE TRIGGER investor_messages_counts_truncate AFTER TRUNCATE ON investor_messages
  FOR EACH STATEMENT EXECUTE FUNCTION investor_message_counts_apply();
--> statement-breakpoint
-- The messages written before this migration.
INSERT INTO investor_message_counts (org_id, project_id, status, n)
SELECT org_id, NULL, status, count(*)::integer FROM investor_messages GROUP BY org_id, status
UNION ALL
SELECT org_id, project_id, status, count(*)::integer FROM investor_messages
WHERE project_id IS NOT NULL GROUP BY org_id, project_id, status;
