-- The audit log is append-only: the database itself refuses to change or remove a row.
CREATE FUNCTION audit_logs_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_update_delete BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_refuse_change();
--> statement-breakpoint
-- A member of an organisation always has at least one role (docs/product.md §6): checked at commit, so a
-- membership and its role can be written in either order inside one transaction.
CREATE FUNCTION org_member_requires_role() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member uuid := CASE WHEN TG_TABLE_NAME = 'org_memberships' THEN NEW.user_id ELSE OLD.user_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM org_memberships WHERE user_id = member)
     AND NOT EXISTS (SELECT 1 FROM user_roles WHERE user_id = member) THEN
    RAISE EXCEPTION 'organisation member % has no role', member USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER org_memberships_require_role AFTER INSERT OR UPDATE ON org_memberships
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION org_member_requires_role();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_roles_keep_one AFTER UPDATE OR DELETE ON user_roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION org_member_requires_role();
