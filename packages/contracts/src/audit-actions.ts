/**
 * The coarse kind of an audit action: the badge on the Audit Logs screen. docs/product.md §2 names
 * CREATE, APPROVE and FLAG; the others group the finer actions Parley records beyond those.
 */
export const AUDIT_ACTION_KINDS = [
  'CREATE',
  'UPDATE',
  'DELETE',
  'APPROVE',
  'FLAG',
  'SEND',
  'ACCESS',
  'SECURITY',
  'EXPORT',
] as const;
export type AuditActionKind = (typeof AUDIT_ACTION_KINDS)[number];

type ActionInfo = { label: string; kind: AuditActionKind };

/**
 * Every action type Parley writes to the audit chain, with the readable label the Audit Logs screen
 * shows and its kind. The one table of them: `appendAudit` accepts only these keys, and a unit test
 * (apps/server/src/features/audit/audit-actions.test.ts) scans the server's code for action types
 * without a row here.
 */
export const AUDIT_ACTIONS = {
  // Organisation and members
  organization_created: { label: 'Organisation created', kind: 'CREATE' },
  user_created: { label: 'Member created', kind: 'CREATE' },
  role_changed: { label: 'Role changed', kind: 'UPDATE' },
  user_deactivated: { label: 'Member deactivated', kind: 'SECURITY' },
  user_reactivated: { label: 'Member reactivated', kind: 'SECURITY' },
  profile_updated: { label: 'Profile updated', kind: 'UPDATE' },
  settings_updated: { label: 'Settings updated', kind: 'UPDATE' },
  system_config_updated: { label: 'Security settings changed', kind: 'SECURITY' },
  sso_break_glass_changed: { label: 'Break-glass admin changed', kind: 'SECURITY' },
  sso_break_glass_used: { label: 'Break-glass sign-in', kind: 'SECURITY' },
  // Sign-in, sessions and links
  sign_in: { label: 'Signed in', kind: 'ACCESS' },
  sign_in_failed: { label: 'Sign-in failed', kind: 'SECURITY' },
  sign_out: { label: 'Signed out', kind: 'ACCESS' },
  session_revoked: { label: 'Session signed out', kind: 'SECURITY' },
  magic_link_requested: { label: 'Magic link requested', kind: 'ACCESS' },
  magic_link_refused: { label: 'Magic link refused', kind: 'SECURITY' },
  password_reset_requested: { label: 'Password reset requested', kind: 'SECURITY' },
  password_reset: { label: 'Password reset', kind: 'SECURITY' },
  // Multi-factor authentication
  mfa_setup_started: { label: 'MFA setup started', kind: 'SECURITY' },
  mfa_enrolled: { label: 'MFA enrolled', kind: 'SECURITY' },
  mfa_verified: { label: 'MFA verified', kind: 'SECURITY' },
  mfa_failed: { label: 'MFA code refused', kind: 'SECURITY' },
  mfa_locked_out: { label: 'MFA locked out', kind: 'SECURITY' },
  mfa_recovery_code_used: { label: 'Recovery code used', kind: 'SECURITY' },
  mfa_recovery_codes_regenerated: { label: 'Recovery codes regenerated', kind: 'SECURITY' },
  mfa_removed: { label: 'MFA removed', kind: 'SECURITY' },
  mfa_reset: { label: 'MFA reset by admin', kind: 'SECURITY' },
  passkey_registered: { label: 'Passkey added', kind: 'SECURITY' },
  passkey_removed: { label: 'Passkey removed', kind: 'SECURITY' },
  passkey_renamed: { label: 'Passkey renamed', kind: 'SECURITY' },
  passkey_verified: { label: 'Passkey verified', kind: 'SECURITY' },
  passkey_verify_failed: { label: 'Passkey refused', kind: 'SECURITY' },
  passkey_clone_suspected: { label: 'Copied passkey suspected', kind: 'SECURITY' },
  encryption_key_rotated: { label: 'Encryption key rotated', kind: 'SECURITY' },
  // Single sign-on (docs/decisions/056-single-sign-on.md)
  sso_provider_saved: { label: 'Single sign-on provider saved', kind: 'SECURITY' },
  sso_provider_removed: { label: 'Single sign-on provider removed', kind: 'SECURITY' },
  sso_sign_in: { label: 'Signed in with single sign-on', kind: 'ACCESS' },
  sso_sign_in_failed: { label: 'Single sign-on refused', kind: 'SECURITY' },
  sso_identity_linked: { label: 'Identity linked', kind: 'SECURITY' },
  sso_identity_unlinked: { label: 'Identity unlinked', kind: 'SECURITY' },
  // Invitations
  invitation_created: { label: 'Invitation sent', kind: 'CREATE' },
  invitation_resent: { label: 'Invitation resent', kind: 'SEND' },
  invitation_link_copied: { label: 'Invitation link copied', kind: 'ACCESS' },
  invitation_deleted: { label: 'Invitation deleted', kind: 'DELETE' },
  invitation_accepted: { label: 'Invitation accepted', kind: 'UPDATE' },
  // E-mail
  email_sent: { label: 'E-mail sent', kind: 'SEND' },
  email_stored: { label: 'E-mail kept in outbox', kind: 'SEND' },
  email_live_test: { label: 'Email live test run', kind: 'SEND' },
  email_health_alert_sent: { label: 'Email health alert sent', kind: 'SEND' },
  email_failed: { label: 'E-mail failed', kind: 'FLAG' },
  email_given_up: { label: 'E-mail given up', kind: 'FLAG' },
  email_suppressed: { label: 'E-mail suppressed', kind: 'SEND' },
  email_preferences_updated: { label: 'E-mail preferences updated', kind: 'UPDATE' },
  weekly_report_sent: { label: 'Weekly report sent', kind: 'SEND' },
  weekly_report_schedule_updated: { label: 'Weekly report schedule changed', kind: 'UPDATE' },
  // Funds and documents
  project_created: { label: 'Fund created', kind: 'CREATE' },
  project_updated: { label: 'Fund updated', kind: 'UPDATE' },
  document_uploaded: { label: 'Document uploaded', kind: 'CREATE' },
  document_reindexed: { label: 'Document re-indexed', kind: 'UPDATE' },
  document_deleted: { label: 'Document deleted', kind: 'DELETE' },
  document_disclosure_changed: { label: 'Document disclosure changed', kind: 'UPDATE' },
  passage_disclosure_changed: { label: 'Passage disclosure changed', kind: 'UPDATE' },
  // Messages and drafts
  message_created: { label: 'Message created', kind: 'CREATE' },
  message_owner_changed: { label: 'Message owner changed', kind: 'UPDATE' },
  message_fund_changed: { label: 'Message fund changed', kind: 'UPDATE' },
  // Inbound e-mail (docs/decisions/058-inbound-email.md)
  inbound_email_received: { label: 'E-mail received', kind: 'CREATE' },
  attachment_downloaded: { label: 'Attachment downloaded', kind: 'ACCESS' },
  attachment_added_to_documents: { label: 'Attachment added to documents', kind: 'CREATE' },
  investor_type_changed: { label: 'Investor type changed', kind: 'UPDATE' },
  message_resolved: { label: 'Message resolved without a reply', kind: 'UPDATE' },
  message_reopened: { label: 'Message reopened', kind: 'UPDATE' },
  draft_generated: { label: 'AI draft generated', kind: 'CREATE' },
  draft_saved: { label: 'Draft saved', kind: 'UPDATE' },
  // Compliance checks and policy
  compliance_checked: { label: 'Compliance checked', kind: 'FLAG' },
  compliance_flag_dismissed: { label: 'Flag cleared', kind: 'FLAG' },
  compliance_flag_restored: { label: 'Flag restored', kind: 'FLAG' },
  compliance_term_added: { label: 'Lexicon term added', kind: 'CREATE' },
  compliance_term_updated: { label: 'Lexicon term changed', kind: 'UPDATE' },
  compliance_term_deleted: { label: 'Lexicon term removed', kind: 'DELETE' },
  compliance_pattern_added: { label: 'Pattern added', kind: 'CREATE' },
  compliance_pattern_updated: { label: 'Pattern changed', kind: 'UPDATE' },
  compliance_pattern_deleted: { label: 'Pattern removed', kind: 'DELETE' },
  compliance_settings_updated: { label: 'Compliance settings changed', kind: 'UPDATE' },
  template_created: { label: 'Template created', kind: 'CREATE' },
  template_updated: { label: 'Template changed', kind: 'UPDATE' },
  template_archived: { label: 'Template archived', kind: 'DELETE' },
  // Approvals
  approval_submitted: { label: 'Submitted for approval', kind: 'APPROVE' },
  approval_changes_requested: { label: 'Changes requested', kind: 'APPROVE' },
  approval_voided: { label: 'Approval voided', kind: 'APPROVE' },
  response_approved: { label: 'Reply approved', kind: 'APPROVE' },
  supervisory_review_drawn: { label: 'Drawn for post-send review', kind: 'FLAG' },
  supervisory_review_signed_off: { label: 'Post-send review signed off', kind: 'APPROVE' },
  // Answer library and drift watch
  library_answer_created: { label: 'Library answer added', kind: 'CREATE' },
  library_answer_updated: { label: 'Library answer changed', kind: 'UPDATE' },
  library_answer_archived: { label: 'Library answer archived', kind: 'DELETE' },
  library_answer_reminder_sent: { label: 'Library answer reminder sent', kind: 'SEND' },
  review_item_reviewed: { label: 'Review item cleared', kind: 'UPDATE' },
  // Reading correspondence and exports
  message_opened: { label: 'Thread opened', kind: 'ACCESS' },
  flag_dismissals_exported: { label: 'Cleared flags exported', kind: 'EXPORT' },
  evidence_pack_exported: { label: 'Evidence pack exported', kind: 'EXPORT' },
  report_requested: { label: 'Report generated', kind: 'CREATE' },
  report_retried: { label: 'Report retried', kind: 'UPDATE' },
  report_downloaded: { label: 'Report downloaded', kind: 'EXPORT' },
  report_schedule_updated: { label: 'Monthly reports changed', kind: 'UPDATE' },
  monthly_reports_sent: { label: 'Monthly reports sent', kind: 'SEND' },
  // Data retention
  retention_period_updated: { label: 'Retention period changed', kind: 'UPDATE' },
  // Analytics
  response_target_updated: { label: 'Response-time target changed', kind: 'UPDATE' },
  legal_hold_placed: { label: 'Legal hold placed', kind: 'CREATE' },
  legal_hold_released: { label: 'Legal hold released', kind: 'UPDATE' },
  investor_data_erased: { label: 'Investor data erased', kind: 'DELETE' },
  // The audit log itself
  audit_exported: { label: 'Audit log exported', kind: 'EXPORT' },
  audit_checkpoint_signed: { label: 'Audit checkpoint signed', kind: 'SECURITY' },
} as const satisfies Record<string, ActionInfo>;

export type AuditActionType = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_TYPES = Object.keys(AUDIT_ACTIONS) as AuditActionType[];

export function isAuditActionType(value: string): value is AuditActionType {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/**
 * The label and kind of a stored action type. An entry keeps its action type forever, so one Parley
 * no longer writes still reads: its words, capitalised, as an UPDATE.
 */
export function describeAuditAction(actionType: string): ActionInfo {
  if (isAuditActionType(actionType)) return AUDIT_ACTIONS[actionType];
  const words = actionType.replaceAll('_', ' ').trim();
  return { label: words.charAt(0).toUpperCase() + words.slice(1), kind: 'UPDATE' };
}

/** The action types whose label or type contains the words searched for (case-insensitive). */
export function auditActionsMatching(search: string): AuditActionType[] {
  const needle = search.trim().toLowerCase();
  if (needle.length < 2) return [];
  return AUDIT_ACTION_TYPES.filter(
    (type) =>
      AUDIT_ACTIONS[type].label.toLowerCase().includes(needle) || type.includes(needle.replaceAll(' ', '_')),
  );
}
