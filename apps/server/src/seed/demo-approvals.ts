import { and, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { aiResponses, approvalRequests, investorMessages } from '../db/schema';
import { recordReplyOutcome } from '../features/analytics/reply-outcomes';
import { loadCompliancePolicy } from '../features/compliance/compliance.service';
import { classifyDraft } from '../features/replies/communication-class';
import { messageStatusOf } from '../features/replies/replies.queries';
import { flagRankOf, setMessageStatus, storeVersionCheck } from '../features/replies/reply-state';
import { checkVersionText } from '../features/replies/version-check';
import { appendAudit } from '../lib/audit';
import type { Clock } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';

const HOUR_MS = 60 * 60 * 1000;
const SIGN_OFF = '\n\nKind regards,\nAvery Associate\nInvestor Relations, Parley Demo Capital';
const DISCLAIMER =
  '\n\nThis message is for information only and is not an offer or a solicitation. Past performance does not indicate future results.';

/**
 * DEMO DATA ONLY: drafts submitted for approval, so the Approval queue is not empty —
 * one of them says 'guaranteed' (a high flag only a director may approve) — and one decided
 * submission for the average response time.
 */
const DEMO_SUBMISSIONS: { subject: string; hoursAgo: number; text: string; decidedAfterHours?: number }[] = [
  {
    subject: 'Guaranteed returns?',
    hoursAgo: 3.5,
    text: `Dear Oliver,\n\nThank you for your interest in increasing your commitment. Fund Alpha's 8% annual return is guaranteed, so your capital is safe with us.${SIGN_OFF}`,
  },
  {
    subject: 'Occupancy and leasing update',
    hoursAgo: 26,
    text: `Dear Sofia,\n\nThank you for your question. Portfolio occupancy stood at 94.3% at the end of September 2025. The leasing team is in discussions with several prospective tenants for the remaining space at the logistics park; we will report signed leases in the next quarterly letter.${SIGN_OFF}${DISCLAIMER}`,
  },
  {
    subject: 'Management fee calculation',
    hoursAgo: 50,
    text: `Dear Linda,\n\nThe management fee is charged quarterly on net asset value as described in the limited partnership agreement. Expense reimbursements for the year are itemised in the annual report, which we can send you on request.${SIGN_OFF}${DISCLAIMER}`,
  },
  {
    subject: 'Carried interest and hurdle',
    hoursAgo: 1.5,
    text: `Dear Elena,\n\nThe carried interest waterfall, including the hurdle rate and catch-up, is set out in section 8 of the limited partnership agreement. No carried interest has been paid to date.${SIGN_OFF}${DISCLAIMER}`,
  },
  {
    subject: 'Valuation of the top holdings',
    hoursAgo: 8,
    text: `Dear Daniel,\n\nOur largest holdings are valued each quarter under the fund's valuation policy, using the most recent financing rounds cross-checked against comparable public companies. The valuation committee reviews every mark.${SIGN_OFF}${DISCLAIMER}`,
  },
  {
    subject: 'Thank you for the site visit',
    hoursAgo: 6 * 24,
    decidedAfterHours: 2.5,
    text: `Dear Grace,\n\nThank you for your kind words. It was a pleasure to host you at the Riverside property, and we look forward to seeing you at the annual meeting.${SIGN_OFF}`,
  },
];

/** Idempotent: a message that already has an approval request is left alone. */
export async function seedDemoApprovals(
  deps: { db: Db; clock: Clock },
  orgId: string,
  submitterId: string | null,
  approverId: string | null,
): Promise<number> {
  const messages = await deps.db
    .select({
      id: investorMessages.id,
      subject: investorMessages.subject,
      status: investorMessages.status,
      projectId: investorMessages.projectId,
      bodyText: investorMessages.bodyText,
      investorEmail: investorMessages.investorEmail,
    })
    .from(investorMessages)
    .where(
      and(
        eq(investorMessages.orgId, orgId),
        inArray(
          investorMessages.subject,
          DEMO_SUBMISSIONS.map((s) => s.subject),
        ),
      ),
    );
  let added = 0;
  for (const demo of DEMO_SUBMISSIONS) {
    const message = messages.find((m) => m.subject === demo.subject);
    if (!message) continue;
    const [existing] = await deps.db
      .select({ id: approvalRequests.id })
      .from(approvalRequests)
      .where(eq(approvalRequests.messageId, message.id))
      .limit(1);
    if (existing) continue;
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const submittedAt = new Date(now.getTime() - demo.hoursAgo * HOUR_MS);
      const draftAt = new Date(submittedAt.getTime() - 0.5 * HOUR_MS);
      const [version] = await tx
        .select({ n: max(aiResponses.versionNumber) })
        .from(aiResponses)
        .where(eq(aiResponses.messageId, message.id));
      const versionNumber = (version?.n ?? 0) + 1;
      const [draft] = await tx
        .insert(aiResponses)
        .values({
          orgId,
          messageId: message.id,
          projectId: message.projectId,
          versionNumber,
          source: 'edited',
          aiDraft: demo.text,
          citations: [],
          provenance: {
            drafter: 'none',
            model: null,
            prompt_hash: null,
            passages: [],
            edited_by: submitterId,
            edited_by_name: 'Avery Associate',
            based_on: null,
            demo: true,
          },
          createdBy: submitterId,
          createdAt: draftAt,
        })
        .returning({ id: aiResponses.id });
      if (!draft) throw new Error('demo draft insert returned nothing');
      // The check approval will make: demo drafts cite nothing, so their figures are unsupported.
      const result = await checkVersionText(tx, orgId, { message, text: demo.text, citations: [] });
      await storeVersionCheck(tx, {
        orgId,
        messageId: message.id,
        status: messageStatusOf(message.status),
        draftId: draft.id,
        result,
        now,
      });
      const { settings } = await loadCompliancePolicy(tx, orgId);
      const classView = await classifyDraft(tx, settings, {
        orgId,
        investorEmail: message.investorEmail,
        draft: demo.text,
      });
      const isDecided = demo.decidedAfterHours !== undefined && approverId !== null;
      const decidedAt = isDecided
        ? new Date(submittedAt.getTime() + (demo.decidedAfterHours ?? 0) * HOUR_MS)
        : null;
      await tx.insert(approvalRequests).values({
        orgId,
        messageId: message.id,
        responseId: draft.id,
        versionNumber,
        textSha256: sha256Hex(demo.text),
        status: isDecided ? 'approved' : 'pending',
        submittedBy: submitterId,
        submittedAt,
        decidedBy: isDecided ? approverId : null,
        decidedAt,
        rating: isDecided ? 5 : null,
        // As submitForApproval ranks and classes a submission.
        flagRank: flagRankOf(result.flags),
        communicationClass: classView.class,
      });
      if (isDecided && decidedAt) {
        await tx
          .update(aiResponses)
          .set({
            finalResponse: demo.text,
            approvedBy: approverId,
            approvedAt: decidedAt,
            approvedTextSha256: sha256Hex(demo.text),
            approvalRating: 5,
          })
          .where(eq(aiResponses.id, draft.id));
        await recordReplyOutcome(tx, draft.id);
      }
      await setMessageStatus(tx, {
        orgId,
        messageId: message.id,
        status: isDecided ? 'resolved' : 'awaiting_approval',
        now,
      });
      await appendAudit(tx, deps.clock, {
        orgId,
        actorId: submitterId,
        actionType: 'approval_submitted',
        entityType: 'ai_response',
        entityId: draft.id,
        details: {
          message_id: message.id,
          project_id: message.projectId,
          version: versionNumber,
          text_sha256: sha256Hex(demo.text),
          demo: true,
        },
      });
    });
    added++;
  }
  return added;
}
