import type { DisclosureCitation, ListDisclosuresQuery, ListDisclosuresResponse } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { StoredCitation } from '../../db/schema';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { type CitationDisclosure, findCitationDisclosures } from '../projects/passage-lookup';
import { fundExists, listSentReplies } from './disclosures.queries';

/** A citation's recorded document name and page, from its doc_path (`<file name>#page=<n>`). */
export function docPathParts(docPath: string): { name: string; page: number | null } {
  const match = /^(.*)#page=(\d{1,9})$/.exec(docPath);
  return match ? { name: match[1] ?? docPath, page: Number(match[2]) } : { name: docPath, page: null };
}

function toCitation(
  citation: StoredCitation,
  n: number,
  state: CitationDisclosure | undefined,
): DisclosureCitation {
  const recorded = docPathParts(citation.doc_path);
  return {
    n,
    passage_id: state?.passageId ?? null,
    document_id: state?.fileName ? state.documentId : null,
    document_name: state?.fileName ?? recorded.name,
    page: state?.passageId ? state.page : recorded.page,
    text: typeof citation.text === 'string' ? citation.text : null,
    document_non_public: state?.documentNonPublic ?? false,
    passage_non_public: state?.passageNonPublic ?? false,
  };
}

/**
 * The fund's Disclosures ledger (docs/decisions/053-non-public-documents.md): its replies approved and
 * e-mailed, newest first, each with whom it went to, who approved it, what it cited and whether each
 * cited passage or document is non-public now. Computed from the sent replies themselves — the record
 * of what was told — so it needs no second record to keep in step. Another organisation's fund is a 404.
 */
export async function listDisclosuresPage(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: ListDisclosuresQuery & { projectId: string },
): Promise<ListDisclosuresResponse> {
  const after = input.cursor === undefined ? null : parseTimeCursor(input.cursor);
  if (!(await fundExists(ctx.db, { orgId: actor.orgId, projectId: input.projectId }))) {
    throw new AppError('NOT_FOUND');
  }
  const rows = await listSentReplies(ctx.db, {
    orgId: actor.orgId,
    projectId: input.projectId,
    q: input.q || undefined,
    after,
    limit: input.limit,
  });
  const page = rows.slice(0, input.limit);
  const citationsOf = (row: (typeof page)[number]) => (Array.isArray(row.citations) ? row.citations : []);
  // Every citation of the page in one lookup, then handed back row by row in the same order.
  const states = await findCitationDisclosures(ctx.db, {
    orgId: actor.orgId,
    citations: page.flatMap(citationsOf),
  });
  let offset = 0;
  const items = page.map((row) => {
    const citations = citationsOf(row).map((citation, i) => toCitation(citation, i + 1, states[offset + i]));
    offset += citations.length;
    return {
      response_id: row.responseId,
      message_id: row.messageId,
      version: row.versionNumber,
      approved_at: row.approvedAt.toISOString(),
      approved_by_name: row.approvedByName,
      investor_name: row.investorName,
      investor_email: row.investorEmail,
      subject: row.subject,
      citations,
      sent_over_disclosure_flag: row.sentOverDisclosureFlag,
      override_reason: row.overrideReason,
    };
  });
  const last = page.at(-1);
  return {
    items,
    next_cursor:
      rows.length > input.limit && last
        ? encodeTimeCursor({ at: last.approvedAt, id: last.responseId })
        : null,
  };
}
