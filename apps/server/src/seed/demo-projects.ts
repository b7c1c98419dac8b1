import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { projectDocuments } from '../db/schema';
import { findProjectIdByName } from '../features/projects/projects.queries';
import { createProject, uploadDocument } from '../features/projects/projects.service';

/** DEMO DATA ONLY: the three funds of docs/product.md §2 Compose, with documents written for the demo. */
export const DEMO_FUNDS = [
  {
    key: 'alpha',
    name: 'Fund Alpha - Core Real Estate',
    fundType: 'Core Real Estate',
    description: 'Open-ended core real estate fund: stabilised US logistics, residential, office and retail.',
    folder: 'fund-alpha',
  },
  {
    key: 'beta',
    name: 'Fund Beta - Growth Equity',
    fundType: 'Growth Equity',
    description: '2022 vintage growth equity fund investing in software, healthcare technology and fintech.',
    folder: 'fund-beta',
  },
  {
    key: 'gamma',
    name: 'Fund Gamma - Infrastructure',
    fundType: 'Infrastructure',
    description:
      'Open-ended core-plus European infrastructure: renewables, digital, transport and utilities.',
    folder: 'fund-gamma',
  },
] as const;

const DOCUMENTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'documents');

/**
 * Idempotent: creates the funds that are missing and uploads (and indexes, through the same
 * service as the API) each demo document the fund does not have yet, matched by file name.
 */
export async function seedDemoProjects(
  deps: Pick<ServiceContext, 'db' | 'clock' | 'documentsRoot'>,
  orgId: string,
  actorId: string | null,
) {
  const actor = { orgId, userId: actorId };
  const summary: { fund: string; documents: number }[] = [];
  for (const fund of DEMO_FUNDS) {
    const projectId =
      (await findProjectIdByName(deps.db, orgId, fund.name)) ??
      (
        await createProject(deps, actor, {
          name: fund.name,
          fund_type: fund.fundType,
          description: fund.description,
        })
      ).id;
    const folder = path.join(DOCUMENTS_DIR, fund.folder);
    const files = (await readdir(folder)).sort();
    for (const fileName of files) {
      const [existing] = await deps.db
        .select({ id: projectDocuments.id })
        .from(projectDocuments)
        .where(and(eq(projectDocuments.projectId, projectId), eq(projectDocuments.fileName, fileName)));
      if (existing) continue;
      const document = await uploadDocument(deps, actor, {
        projectId,
        fileName,
        bytes: await readFile(path.join(folder, fileName)),
      });
      if (document.status !== 'indexed') throw new Error(`demo document ${fileName}: ${document.error}`);
    }
    summary.push({ fund: fund.name, documents: files.length });
  }
  return summary;
}
