import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import {
  createOrganization,
  findOrganizationIdByName,
} from '../features/organizations/organizations.service';
import { findUserIdByEmail } from '../features/users/users.queries';
import { createMember } from '../features/users/users.service';
import { systemClock } from '../lib/clock';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { seedDemoApprovals } from './demo-approvals';
import { seedDemoInbound } from './demo-inbound';
import { seedDemoInvitations } from './demo-invitations';
import { seedDemoLibrary } from './demo-library';
import { seedDemoMessages } from './demo-messages';
import { seedDemoProjects } from './demo-projects';
import { seedDemoTemplates } from './demo-templates';
import { DEMO_ORG_NAME, DEMO_PASSWORD, DEMO_USERS } from './demo-users';

/** Idempotent: running it again leaves what exists and adds what is missing. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const deps = { db: database.db, clock: systemClock };
    const orgId =
      (await findOrganizationIdByName(database.db, DEMO_ORG_NAME)) ??
      (await database.db.transaction((tx) =>
        createOrganization(tx, systemClock, { name: DEMO_ORG_NAME, actorId: null }),
      ));
    for (const user of DEMO_USERS) {
      if (await findUserIdByEmail(database.db, user.email)) continue;
      await createMember(deps, { ...user, password: DEMO_PASSWORD, orgId, actorId: null });
    }
    // Invitations in every state, so each tab of Invite Users shows something (docs/product.md §2 Invite
    // user).
    const adminId = await findUserIdByEmail(database.db, 'admin@parley.example');
    if (adminId) await seedDemoInvitations(deps, orgId, adminId);
    // The three funds with their documents, indexed for citations (docs/decisions/013-fund-documents.md).
    const directorId = await findUserIdByEmail(database.db, 'director@parley.example');
    const funds = await seedDemoProjects(
      { ...deps, documentsRoot: config.documentsDir },
      orgId,
      directorId ?? adminId,
    );
    process.stdout.write(`Funds: ${funds.map((f) => `${f.fund} (${f.documents} documents)`).join(', ')}\n`);
    // Investor messages over the three demo funds (README Demo users); keep this after the funds are seeded.
    const associateId = await findUserIdByEmail(database.db, 'associate@parley.example');
    await seedDemoMessages(deps, orgId, associateId ?? adminId ?? null);
    // Drafts submitted for approval, one saying 'guaranteed'; after the messages.
    await seedDemoApprovals(deps, orgId, associateId ?? adminId ?? null, directorId ?? adminId ?? null);
    // E-mail as investors send it, through the real ingestion: a thread, an unknown sender, an auto-reply.
    await seedDemoInbound({ ...deps, config }, orgId);
    // Approved templates for the Compliance center and Insert template.
    await seedDemoTemplates(deps, orgId, directorId ?? adminId ?? null);
    // Approved library answers, two of which answer demo messages (docs/decisions/028-answer-library.md).
    await seedDemoLibrary(deps, orgId, directorId ?? adminId ?? null);
    process.stdout.write(
      `Demo organisation "${DEMO_ORG_NAME}" is ready. Sign in with any of these (password ${DEMO_PASSWORD}):\n${DEMO_USERS.map((u) => `  ${u.email.padEnd(28)} ${u.role}`).join('\n')}\n`,
    );
  } finally {
    await database.close();
  }
}

await main().catch((error: unknown) => {
  if (!(error instanceof ConfigError || error instanceof DataDirLockedError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
