import type { ApplyFixInput, DraftVersion } from '@parley/contracts';
import { applySuggestion } from '@parley/guardrails';
import { AppError } from '../../lib/errors';
import { findDraftVersion, latestVersionNumber } from '../drafts/drafts.queries';
import { getDraftVersion, saveDraft } from '../drafts/drafts.service';
import {
  type ComplianceActor,
  type ComplianceDeps,
  checkStoredVersion,
  draftComplianceOf,
  requireFundedMessage,
} from './compliance.service';

/**
 * Apply Fix: the latest version's stored flag at [start, end) is replaced by its suggestion and
 * saved as a new version through saveDraft (so pending approvals are voided), which is then checked.
 */
export async function applyFix(
  deps: ComplianceDeps,
  actor: ComplianceActor,
  messageId: string,
  version: number,
  input: ApplyFixInput,
): Promise<DraftVersion> {
  await requireFundedMessage(deps.db, actor.orgId, messageId);
  const row = await findDraftVersion(deps.db, { orgId: actor.orgId, messageId, version });
  if (!row) throw new AppError('NOT_FOUND');
  const latest = await latestVersionNumber(deps.db, messageId);
  if (version !== latest || input.based_on_version !== latest) throw new AppError('DRAFT_STALE');
  const compliance = draftComplianceOf(row);
  const flag = compliance?.flags.find((f) => f.start === input.start && f.end === input.end);
  if (!flag) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { start: 'No compliance flag of this version’s last check covers this span' },
    });
  }
  if (!flag.suggestion.trim()) {
    throw new AppError('VALIDATION_FAILED', { fields: { start: 'This flag has no suggested replacement' } });
  }
  const text = applySuggestion(row.aiDraft, flag);
  if (text.trim().length > 20_000) {
    throw new AppError('VALIDATION_FAILED', { fields: { text: 'Keep the draft under 20,000 characters' } });
  }
  const saved: DraftVersion = await saveDraft(deps, actor, messageId, { text, based_on_version: version });
  await checkStoredVersion(deps, actor, {
    messageId,
    version: saved.version,
    audit: { fix_applied: { from_version: version, rule: flag.rule, term: flag.term } },
  });
  return getDraftVersion(deps, actor.orgId, messageId, saved.version);
}
