import { CAPABILITIES, ROLE_CAPABILITIES, ROLES } from '@parley/contracts';
import { type Access, MFA_PENDING_ALLOWED, ROUTE_POLICIES } from './policy';

const ACCESS_ORDER: Access[] = ['public', 'signed-in', ...CAPABILITIES];

/** What each access level means, in the doc's words. */
function accessLabel(access: Access): string {
  if (access === 'public') return '`public` (no session)';
  if (access === 'signed-in') return '`signed-in` (any member)';
  const roles = ROLES.filter((role) => ROLE_CAPABILITIES[role].includes(access));
  return `\`${access}\` (${roles.join(', ')})`;
}

/**
 * The authorization section of docs/security.md, made from the tables the server enforces
 * (`ROLE_CAPABILITIES`, `ROUTE_POLICIES`, `MFA_PENDING_ALLOWED`), so the document cannot drift from
 * them: a test compares the two.
 */
export function authorizationMarkdown(): string {
  const lines = [
    `| capability | ${ROLES.join(' | ')} |`,
    `|---|${ROLES.map(() => ':-:').join('|')}|`,
    ...CAPABILITIES.map(
      (capability) =>
        `| \`${capability}\` | ${ROLES.map((role) => (ROLE_CAPABILITIES[role].includes(capability) ? '✓' : '—')).join(' | ')} |`,
    ),
    '',
    `Every API route and who may call it (${Object.keys(ROUTE_POLICIES).length} routes; a route missing from`,
    'the table stops the server at start-up):',
    '',
    '| access | routes |',
    '|---|---|',
  ];
  for (const access of ACCESS_ORDER) {
    const routes = Object.entries(ROUTE_POLICIES)
      .filter(([, a]) => a === access)
      .map(([route]) => `\`${route}\``);
    if (routes.length > 0) lines.push(`| ${accessLabel(access)} | ${routes.join(', ')} |`);
  }
  lines.push(
    '',
    'A member whose session has not completed the MFA step (an admin always, others when the',
    `organisation enforces it) may call only: ${[...MFA_PENDING_ALLOWED].map((r) => `\`${r}\``).join(', ')}.`,
  );
  return lines.join('\n');
}
