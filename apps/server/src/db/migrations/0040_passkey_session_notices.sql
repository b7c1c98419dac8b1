-- Session checks also read whether a user has a passkey and the organisation's
-- mfa_passkey_required_admins (docs/decisions/057-passkeys.md): their changes drop cached checks on
-- every instance, as 0028 does for the other facts (docs/decisions/046-session-cache.md).
CREATE TRIGGER webauthn_credentials_notify_change AFTER INSERT OR UPDATE OF user_id OR DELETE
  ON webauthn_credentials FOR EACH ROW EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
DROP TRIGGER system_config_notify_insert ON system_config;
--> statement-breakpoint
DROP TRIGGER system_config_notify_update ON system_config;
--> statement-breakpoint
DROP TRIGGER system_config_notify_delete ON system_config;
--> statement-breakpoint
CREATE TRIGGER system_config_notify_insert AFTER INSERT ON system_config FOR EACH ROW
  WHEN (NEW.key IN ('mfa_totp_enforced', 'mfa_passkey_required_admins'))
  EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER system_config_notify_update AFTER UPDATE ON system_config FOR EACH ROW
  WHEN (
    NEW.key IN ('mfa_totp_enforced', 'mfa_passkey_required_admins')
    OR OLD.key IN ('mfa_totp_enforced', 'mfa_passkey_required_admins')
  )
  EXECUTE FUNCTION parley_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER system_config_notify_delete AFTER DELETE ON system_config FOR EACH ROW
  WHEN (OLD.key IN ('mfa_totp_enforced', 'mfa_passkey_required_admins'))
  EXECUTE FUNCTION parley_notify_session_change();
