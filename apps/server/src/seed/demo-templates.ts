import type { Db } from '../db/client';
import { countActiveTemplates } from '../features/compliance/compliance.queries';
import { createTemplate } from '../features/compliance/compliance-templates.service';
import type { Clock } from '../lib/clock';

/** Demo only: approved templates for the Compliance center and Insert template. */
export const DEMO_TEMPLATES: { title: string; body: string }[] = [
  {
    title: 'Distribution timing',
    body: 'Distributions are declared by the general partner each quarter and paid within 30 days of the declaration. The amount depends on the fund’s cash flow and is not fixed in advance.',
  },
  {
    title: 'Capital call notice',
    body: 'Capital calls are issued with at least 10 business days’ notice. The notice states the amount, the purpose and the payment instructions; please verify any change of bank details with us by telephone.',
  },
  {
    title: 'Performance questions',
    body: 'Past performance is not a reliable indicator of future results. The figures we quote are historical and taken from the fund’s reports, which are available in the investor portal.',
  },
  {
    title: 'Redemption requests',
    body: 'Redemption requests are handled under the fund’s offering documents, including any notice periods and gates. Please send your request in writing and we will confirm the timetable.',
  },
  {
    title: 'Follow-up promise',
    body: 'I have passed your question to the relevant team and will come back to you with an answer by the end of next week.',
  },
];

/** Adds the demo templates when the organisation has none (idempotent). */
export async function seedDemoTemplates(
  deps: { db: Db; clock: Clock },
  orgId: string,
  actorId: string | null,
) {
  if (!actorId || (await countActiveTemplates(deps.db, orgId)) > 0) return;
  for (const template of DEMO_TEMPLATES) {
    await createTemplate(deps, { orgId, userId: actorId }, template);
  }
}
