ALTER TABLE "system_config" DROP CONSTRAINT "system_config_value_check";--> statement-breakpoint
ALTER TABLE "system_config" ADD CONSTRAINT "system_config_value_check" CHECK ("system_config"."key" not in ('sso_required', 'mfa_totp_enforced', 'auth_magic_link_enabled', 'drafter_fallback_enabled') or "system_config"."value" in ('true', 'false'));--> statement-breakpoint
-- The weekly report's settings were stored as a key carrying the value ('weekly_report_day=friday' → 'true',
-- decision 041) while the check allowed only 'true'/'false'. Each becomes a plain row ('weekly_report_day' →
-- 'friday'); where an organisation somehow had two rows of one setting, the latest wins, as it did when read.
INSERT INTO "system_config" ("org_id", "key", "value", "updated_at")
SELECT DISTINCT ON ("org_id", split_part("key", '=', 1))
	"org_id", split_part("key", '=', 1), substr("key", strpos("key", '=') + 1), "updated_at"
FROM "system_config"
WHERE "value" = 'true'
	AND strpos("key", '=') > 0
	AND split_part("key", '=', 1) IN ('weekly_report_day', 'weekly_report_time', 'weekly_report_time_zone')
ORDER BY "org_id", split_part("key", '=', 1), "updated_at" DESC
ON CONFLICT ("org_id", "key") DO UPDATE SET "value" = excluded."value", "updated_at" = excluded."updated_at";--> statement-breakpoint
DELETE FROM "system_config"
WHERE strpos("key", '=') > 0
	AND split_part("key", '=', 1) IN ('weekly_report_day', 'weekly_report_time', 'weekly_report_time_zone');
