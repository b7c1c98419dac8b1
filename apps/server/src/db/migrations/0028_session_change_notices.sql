-- Every server instance caches session checks for a few seconds (docs/decisions/046-session-cache.md).
-- A change to any fact a session check reads is announced on 'parley_sessions' when its transaction
-- commits, naming the session, user or organisation whose cached checks must be dropped.
CREATE FUNCTION parley_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source record;
BEGIN
  IF TG_OP = 'DELETE' THEN source := OLD; ELSE source := NEW; END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('parley_sessions', json_build_object('session', source.id)::text);
  ELSIF TG_TABLE_NAME = 'system_config' THEN
    PERFORM pg_notify('parley_sessions', json_build_object('org', source.org_id)::text);
  ELSIF TG_TABLE_NAME IN ('users', 'profiles') THEN
    PERFORM pg_notify('parley_sessions', json_build_object('user', source.id)::text);
  ELSE
    PERFORM pg_notify('parley_sessions', json_build_object('user', source.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A session's own row: anything but the once-a-minute last_seen_at touch moving forward (which only
-- keeps it alive, and which each instance does for itself). Expired sessions are deleted by the
-- sweep only, and a cached check refuses them by expires_at already: no DELETE trigger.
CREATE TRIGGER sessions_notify_change AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (
    (OLD.token_hash, OLD.user_id, OLD.org_id, OLD.aal, OLD.expires_at, OLD.revoked_at, OLD.mfa_verified_at)
      IS DISTINCT FROM
    (NEW.token_hash, NEW.user_id, NEW.org_id, NEW.aal, NEW.expires_at, NEW.revoked_at, NEW.mfa_verified_at)
    OR NEW.last_seen_at < OLD.last_seen_at
  )
  EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OF email, status OR DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER profiles_notify_change AFTER UPDATE OF name OR DELETE ON profiles FOR EACH ROW
  EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER user_roles_notify_change AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW
  EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER org_memberships_notify_change AFTER INSERT OR UPDATE OR DELETE ON org_memberships
  FOR EACH ROW EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
-- Whether a verified authenticator exists: enrolment finished, or the factor removed (not the
-- last-used step every code writes).
CREATE TRIGGER user_mfa_totp_notify_change AFTER INSERT OR UPDATE OF verified_at, user_id OR DELETE
  ON user_mfa_totp FOR EACH ROW EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
-- The one setting a session check reads: mfa_totp_enforced.
CREATE TRIGGER system_config_notify_insert AFTER INSERT ON system_config FOR EACH ROW
  WHEN (NEW.key = 'mfa_totp_enforced')
  EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER system_config_notify_update AFTER UPDATE ON system_config FOR EACH ROW
  WHEN (NEW.key = 'mfa_totp_enforced' OR OLD.key = 'mfa_totp_enforced')
  EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER system_config_notify_delete AFTER DELETE ON system_config FOR EACH ROW
  WHEN (OLD.key = 'mfa_totp_enforced')
  EXECUTE FUNCTION parley_notify_session_change();
