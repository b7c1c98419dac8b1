import { DEFAULT_INVESTOR_TYPE, type InvestorType } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { investorProfiles } from '../../db/schema';

/** The investor's type by address, or the retail default when nobody set one. */
export async function findInvestorType(
  db: DbOrTx,
  orgId: string,
  email: string,
): Promise<{ type: InvestorType; isSet: boolean }> {
  const [row] = await db
    .select({ type: investorProfiles.investorType })
    .from(investorProfiles)
    .where(and(eq(investorProfiles.orgId, orgId), eq(investorProfiles.email, email.toLowerCase())));
  return row ? { type: row.type, isSet: true } : { type: DEFAULT_INVESTOR_TYPE, isSet: false };
}

/** Erasure (docs/decisions/030-data-retention.md): the type goes with the investor's personal data. */
export async function deleteInvestorType(db: DbOrTx, orgId: string, email: string) {
  await db
    .delete(investorProfiles)
    .where(and(eq(investorProfiles.orgId, orgId), eq(investorProfiles.email, email.trim().toLowerCase())));
}
