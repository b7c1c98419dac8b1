import { createHash } from 'node:crypto';
import { type ComplianceFlag, DEFAULT_APPROVAL_MATRIX, type Role } from '@parley/contracts';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  complianceSettings,
  emailOutbox,
  reports,
  reviewItems,
  sessions,
  supervisoryReviews,
  userInvitations,
} from '../src/db/schema';
import { createUnsubscribeToken } from '../src/features/email/unsubscribe-token';
import { issueSetupToken } from '../src/features/setup/setup.service';
import { generateToken, sha256Hex } from '../src/lib/crypto';
import { buildPdf } from './document-fixtures';
import {
  backdateDocument,
  buildInvitation,
  buildMessageInput,
  insertProject,
  uniqueEmail,
} from './factories';
import { inboundAddressOf, inboundWebhookHeaders, plainMail } from './inbound-mail';
import { DISTRIBUTION_PASSAGE, insertLibraryScene, insertQuestion } from './library-fixtures';
import { SoftAuthenticator } from './soft-authenticator';
import { insertSsoProvider, insertUserIdentity, sharedOidcProvider, ssoProviderInput } from './sso-fixtures';
import { json, sessionCookieOf, TEST_ORIGIN, type TestContext } from './test-app';
import { insertAttachment } from './thread-fixtures';

/**
 * One working call of an API route and what it needs, for the tests that go over every route (the
 * audit coverage test, docs/architecture.md 'The audit chain'). A scene's set-up uses the route's own
 * feature through the API or the test factories, so a scene breaks when the route's contract does.
 */
export type Scene = {
  /**
   * The organisation whose chain the call writes to: the caller's, or for a public route the member
   * it acts on. Absent only for a scene with a database of its own (`ctx`), where every entry counts.
   */
  orgId?: string;
  /** The session the call is made with; absent for a public route called without one. */
  cookie?: string;
  /** Values of the route's `:params`. */
  params?: Record<string, string>;
  /** The JSON body (`{}` when absent). */
  body?: unknown;
  /** A query string, without the `?`. */
  query?: string;
  /** A body that is not JSON (a multipart upload, a mail provider's form). */
  form?: FormData | URLSearchParams;
  /** A body sent as it is with these headers and nothing else (a signed webhook's raw e-mail). */
  raw?: { body: Buffer; headers: Record<string, string> };
  /** The app the call goes to when it is not the shared one (the setup link needs an empty database). */
  ctx?: TestContext;
};

export type SceneTools = {
  ctx: TestContext;
  /** A context on a database without users, for the first-start setup link; used once. */
  emptyCtx: () => Promise<TestContext>;
};

export type SceneSetup = (tools: SceneTools) => Promise<Scene>;

/** The scene's call of `route` (`METHOD /path/:param`), or a variant of it: without a session, with another one, params or body. */
export function callScene(
  c: TestContext,
  route: { method: string; path: string },
  scene: Scene,
  variant: { cookie?: string | null; params?: Record<string, string>; body?: unknown } = {},
) {
  const params = variant.params ?? scene.params ?? {};
  const filled = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: the scene gives no :${name}`);
    return encodeURIComponent(value);
  });
  const url = `${filled}${scene.query ? `?${scene.query}` : ''}`;
  const cookie = variant.cookie === null ? undefined : (variant.cookie ?? scene.cookie);
  if (scene.raw && !('body' in variant)) {
    return c.app.request(`${TEST_ORIGIN}${url}`, {
      method: route.method,
      headers: scene.raw.headers,
      body: scene.raw.body,
    });
  }
  if (scene.form && !('body' in variant)) {
    return c.app.request(`${TEST_ORIGIN}${url}`, {
      method: route.method,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      body: scene.form,
    });
  }
  return c.request(route.method, url, { cookie, body: 'body' in variant ? variant.body : scene.body });
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) expect.fail(`${what}: ${res.status} ${await res.text()}`);
  return json(res);
}

/** The token of the last link of `path` mailed to an address, read from the outbox. */
async function linkTokenMailedTo(ctx: TestContext, email: string, path: string): Promise<string> {
  const [mail] = await ctx.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toEmail, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${email}`);
  return token;
}

/** A pending invitation of the organisation with a token the scene knows. */
async function insertInvitation(
  ctx: TestContext,
  input: { orgId: string; invitedBy: string; email?: string; role?: Role },
) {
  const token = generateToken();
  const [row] = await ctx.db
    .insert(userInvitations)
    .values(
      buildInvitation({
        orgId: input.orgId,
        now: ctx.clock.now(),
        invitedBy: input.invitedBy,
        tokenHash: sha256Hex(token),
        lastSentAt: ctx.clock.now(),
        ...(input.email ? { email: input.email } : {}),
        ...(input.role ? { role: input.role } : {}),
      }),
    )
    .returning({ id: userInvitations.id });
  if (!row) throw new Error('no invitation');
  return { id: row.id, token };
}

/** The member a scene's call is made as: their organisation's chain and their session. */
const by = ({ orgId, cookie }: { orgId: string; cookie: string }) => ({ orgId, cookie });

/** `{ body }`, or nothing when there is none (the call then sends `{}`). */
const withBody = (body: unknown) => (body === undefined ? {} : { body });

/**
 * The commonest scene: a member signed in as `role`, in an organisation of their own, makes the call
 * with the body `body` returns (made per scene, since some hold unique values), or with none.
 */
const signedInAs =
  (role: Role, body?: () => unknown): SceneSetup =>
  async ({ ctx }) => ({ ...by(await ctx.signInAs(role)), ...withBody(body?.()) });

type NewMember = Awaited<ReturnType<TestContext['createUser']>>;

/** A public call made for a new member who is not signed in, with a body from their address or password. */
const forNewMember =
  (role: Role, body: (user: NewMember, ctx: TestContext) => unknown): SceneSetup =>
  async ({ ctx }) => {
    const user = await ctx.createUser(role);
    return { orgId: user.orgId, body: await body(user, ctx) };
  };

/**
 * A member signed in as `role` first adds something through `POST path` (201); the call is then made
 * on it, with `params` from what was added and the body `change`, if any.
 */
const onAdded =
  (
    role: Role,
    path: string,
    added: unknown,
    params: (created: { id: string }) => Record<string, string>,
    change?: unknown,
  ): SceneSetup =>
  async ({ ctx }) => {
    const member = await ctx.signInAs(role);
    const res = await ctx.request('POST', path, { cookie: member.cookie, body: added });
    const created = await expectStatus(res, 201, `POST ${path}`);
    return { ...by(member), params: params(created), ...withBody(change) };
  };

const byId = (created: { id: string }) => ({ id: created.id });

/** An admin and an invitation they sent through the API. */
async function sentInvitation(ctx: TestContext) {
  const admin = await ctx.signInAs('admin');
  const res = await ctx.request('POST', '/api/invitations', {
    cookie: admin.cookie,
    body: { email: uniqueEmail('invitee'), role: 'ir_associate' },
  });
  const body = await expectStatus(res, 201, 'invite');
  return { admin, id: body.invitation.id as string };
}

/** The call on an invitation (`:id`) an admin sent, by that admin, with `body` if any. */
const onSentInvitation =
  (body?: unknown): SceneSetup =>
  async ({ ctx }) => {
    const { admin, id } = await sentInvitation(ctx);
    return { ...by(admin), params: { id }, ...withBody(body) };
  };

/** An admin and an associate of their organisation, who is not signed in. */
async function adminAndMember(ctx: TestContext) {
  const admin = await ctx.signInAs('admin');
  return { admin, member: await ctx.createUser('ir_associate', admin.orgId) };
}

/** A member enrolled in TOTP, with an aal2 session whose code was verified just now. */
async function enrolledMember(ctx: TestContext, role: Role = 'ir_associate', orgId?: string) {
  const member = await ctx.signInAs(role, orgId);
  if (member.mfa !== 'none') return member;
  const { cookie } = await ctx.enrolTotp(member.cookie, member.userId);
  return { ...member, cookie };
}

/**
 * An associate who added a passkey (a software authenticator) as their first factor: the aal2
 * cookie, verified just now, the passkey's id and the authenticator.
 */
async function memberWithPasskey(ctx: TestContext) {
  const member = await ctx.signInAs('ir_associate');
  const options = await expectStatus(
    await ctx.request('POST', '/api/mfa/passkeys/registration/options', { cookie: member.cookie }),
    200,
    'passkey options',
  );
  const device = new SoftAuthenticator({ origin: TEST_ORIGIN });
  const res = await ctx.request('POST', '/api/mfa/passkeys/registration', {
    cookie: member.cookie,
    body: { name: 'Laptop', response: device.register(options) },
  });
  const cookie = sessionCookieOf(res);
  const body = await expectStatus(res, 200, 'passkey registration');
  return { ...member, cookie, passkeyId: body.passkey.id as string, device };
}

/** A term the organisation flags at high severity, so a draft containing it has a flag. */
const FLAGGED_TERM = 'wombat';
const FLAGGED_TEXT = 'Dear Jane,\n\nThe wombat plan is on track.\n\nKind regards';

/** The library scene (a director, an associate, a fund with a document) with an investor message. */
async function questionScene(ctx: TestContext) {
  const s = await insertLibraryScene(ctx);
  const messageId = await insertQuestion(ctx, {
    orgId: s.orgId,
    projectId: s.projectId,
    subject: 'Q3 distribution',
    body: 'When is the Q3 distribution paid?',
  });
  return { ...s, messageId };
}

/** The question scene with `text` saved as version 1 of its draft by the associate. */
async function draftScene(
  ctx: TestContext,
  text = 'Dear Jane,\n\nThank you for your message.\n\nKind regards',
) {
  const s = await questionScene(ctx);
  const saved = await ctx.request('POST', `/api/messages/${s.messageId}/drafts`, {
    cookie: s.associate.cookie,
    body: { text, based_on_version: 0 },
  });
  const { version } = await expectStatus(saved, 201, 'save draft');
  return { ...s, version: version as number, text };
}

/** A draft whose version 1 holds a high-severity flag of the organisation's own term, checked. */
async function flaggedDraftScene(ctx: TestContext) {
  const director = await ctx.signInAs('ir_director');
  const term = await ctx.request('POST', '/api/compliance/policy/terms', {
    cookie: director.cookie,
    body: { term: FLAGGED_TERM, severity: 'high', suggestion: 'plan' },
  });
  await expectStatus(term, 201, 'add term');
  const associate = await ctx.signInAs('ir_associate', director.orgId);
  const projectId = await insertProject(ctx.db, { orgId: director.orgId });
  const messageId = await insertQuestion(ctx, {
    orgId: director.orgId,
    projectId,
    subject: 'Plan',
    body: 'Is the plan on track?',
  });
  const saved = await ctx.request('POST', `/api/messages/${messageId}/drafts`, {
    cookie: associate.cookie,
    body: { text: FLAGGED_TEXT, based_on_version: 0 },
  });
  const { version } = await expectStatus(saved, 201, 'save draft');
  const checked = await ctx.request('POST', `/api/messages/${messageId}/drafts/${version}/check`, {
    cookie: associate.cookie,
    body: {},
  });
  const { flags } = await expectStatus(checked, 200, 'check');
  const flag = (flags as ComplianceFlag[]).find((f) => f.term.toLowerCase() === FLAGGED_TERM);
  if (!flag) throw new Error('the draft has no flag');
  return { director, associate, orgId: director.orgId, messageId, version: version as number, flag };
}

/** The `:id/drafts/:version` of a scene's draft. */
const versionParams = (s: { messageId: string; version: number }) => ({
  id: s.messageId,
  version: String(s.version),
});

/** What submitting or approving a draft names: the version and the SHA-256 of its text. */
const approvalBody = (s: { version: number; text: string }) => ({
  version: s.version,
  text_sha256: sha256(s.text),
});

const flagSpan = (s: { flag: ComplianceFlag }) => ({ start: s.flag.start, end: s.flag.end });
const DISMISSAL_REASON = 'The name of the fund’s property, not a promise.';

/** The Compliance center's entries the scenes add, change and remove. */
const TERM = { term: 'moonshot', severity: 'high', suggestion: 'plan' };
const PATTERN = { name: 'Doubling', phrase: 'double your money', severity: 'high', suggestion: 'x' };
const TEMPLATE = { title: 'Thanks', body: 'Thank you.' };
const TERMS = '/api/compliance/policy/terms';
/** A term is addressed by its text, not an id. */
const termKey = () => ({ key: TERM.term });
const PATTERNS = '/api/compliance/policy/patterns';
const TEMPLATES = '/api/compliance/templates';

/** A library answer of the library scene, created by its director. */
async function libraryAnswerScene(ctx: TestContext) {
  const s = await insertLibraryScene(ctx);
  const res = await ctx.request('POST', '/api/compliance/library', {
    cookie: s.director.cookie,
    body: libraryAnswerInput(ctx, s),
  });
  const answer = await expectStatus(res, 201, 'create library answer');
  return { ...s, answerId: answer.id as string };
}

function libraryAnswerInput(ctx: TestContext, s: Awaited<ReturnType<typeof insertLibraryScene>>) {
  return {
    title: 'Distribution timing',
    question: 'When are quarterly distributions paid?',
    answer: 'Distributions are paid within 30 days of the quarter end [1].',
    project_id: s.projectId,
    owner_id: s.associate.userId,
    expires_at: new Date(ctx.clock.now().getTime() + 90 * 86_400_000).toISOString(),
    passage_ids: [s.distributionId],
  };
}

/** A text document as the fund document upload takes it. */
function documentForm(name = 'Letter.md') {
  const form = new FormData();
  form.append(
    'file',
    new File([Buffer.from(`# Letter\n\n${DISTRIBUTION_PASSAGE}\n`)], name, { type: 'text/markdown' }),
  );
  return form;
}

/** A fund with an uploaded document, and the director who keeps it. */
async function documentScene(ctx: TestContext) {
  const director = await ctx.signInAs('ir_director');
  const projectId = await insertProject(ctx.db, { orgId: director.orgId });
  const res = await ctx.app.request(`${TEST_ORIGIN}/api/projects/${projectId}/documents`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie: director.cookie },
    body: documentForm(),
  });
  const document = await expectStatus(res, 201, 'upload');
  return { director, projectId, docId: document.id as string };
}

/**
 * Every mutating API route and one call of it that succeeds, keyed `METHOD /api/path` as Hono
 * registers it. The audit coverage test (apps/server/src/http/audit-coverage.db.test.ts) fails for a
 * route missing here, naming it: add its scene, or put it on that test's exempt list with the reason.
 */
export const ROUTE_SCENES: Record<string, SceneSetup> = {
  // --- Signing in and out ---------------------------------------------------------------------
  'POST /api/auth/sign-in': forNewMember('ir_associate', (user) => ({
    email: user.email,
    password: user.password,
  })),
  'POST /api/auth/sign-out': signedInAs('ir_associate'),
  'DELETE /api/auth/sessions/:id': async ({ ctx }) => {
    const user = await ctx.createUser('ir_associate');
    await ctx.signInUser(user);
    const { cookie } = await ctx.signInUser(user);
    const [first] = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.userId))
      .orderBy(sessions.createdAt)
      .limit(1);
    if (!first) throw new Error('no session');
    return { orgId: user.orgId, cookie, params: { id: first.id } };
  },
  'POST /api/auth/magic-link': forNewMember('ir_director', (user) => ({ email: user.email })),
  'POST /api/auth/magic-link/consume': forNewMember('ir_director', async (user, ctx) => {
    const sent = await ctx.request('POST', '/api/auth/magic-link', { body: { email: user.email } });
    await expectStatus(sent, 200, 'request magic link');
    return { token: await linkTokenMailedTo(ctx, user.email, '/auth/magic') };
  }),
  'POST /api/auth/password-reset': forNewMember('ir_associate', (user) => ({ email: user.email })),
  'POST /api/auth/password-reset/complete': forNewMember('ir_associate', async (user, ctx) => {
    const sent = await ctx.request('POST', '/api/auth/password-reset', { body: { email: user.email } });
    await expectStatus(sent, 200, 'request reset');
    const token = await linkTokenMailedTo(ctx, user.email, '/auth/reset');
    return { token, password: `new-${generateToken()}` };
  }),
  'POST /api/setup': async ({ emptyCtx }) => {
    const ctx = await emptyCtx();
    const token = await issueSetupToken(ctx.deps);
    if (!token) throw new Error('no setup token: the database has users');
    return {
      ctx,
      body: {
        token,
        organization: 'Northwind Capital',
        name: 'Fran Founder',
        email: uniqueEmail('founder'),
        password: 'correct horse battery',
      },
    };
  },

  // --- MFA --------------------------------------------------------------------------------------
  'POST /api/mfa/totp/setup': signedInAs('ir_associate'),
  'POST /api/mfa/totp/verify-enrollment': async ({ ctx }) => {
    const user = await ctx.signInAs('ir_associate');
    const setup = await expectStatus(
      await ctx.request('POST', '/api/mfa/totp/setup', { cookie: user.cookie }),
      200,
      'MFA setup',
    );
    ctx.totpOf.set(user.userId, { secret: setup.secret, lastStep: -1 });
    return { ...by(user), body: { code: ctx.nextTotpCode(user.userId) } };
  },
  'POST /api/mfa/totp/verify-login': async ({ ctx }) => {
    const admin = await ctx.signInAs('admin');
    const { cookie } = await ctx.signInUser(admin, { mfa: 'pending' });
    return {
      orgId: admin.orgId,
      cookie,
      body: { code: ctx.nextTotpCode(admin.userId), use_recovery: false },
    };
  },
  'POST /api/mfa/step-up': async ({ ctx }) => {
    const member = await enrolledMember(ctx);
    return { ...by(member), body: { code: ctx.nextTotpCode(member.userId) } };
  },
  'DELETE /api/mfa/totp': async ({ ctx }) => by(await enrolledMember(ctx)),
  'POST /api/mfa/recovery-codes': async ({ ctx }) => by(await enrolledMember(ctx)),
  'POST /api/mfa/passkeys/registration': async ({ ctx }) => {
    const member = await ctx.signInAs('ir_associate');
    const options = await expectStatus(
      await ctx.request('POST', '/api/mfa/passkeys/registration/options', { cookie: member.cookie }),
      200,
      'passkey options',
    );
    const device = new SoftAuthenticator({ origin: TEST_ORIGIN });
    return { ...by(member), body: { name: 'Laptop', response: device.register(options) } };
  },
  'POST /api/mfa/passkeys/authentication': async ({ ctx }) => {
    const member = await memberWithPasskey(ctx);
    const { cookie } = await ctx.signInUser(member, { mfa: 'pending' });
    const options = await expectStatus(
      await ctx.request('POST', '/api/mfa/passkeys/authentication/options', { cookie }),
      200,
      'passkey options',
    );
    return { orgId: member.orgId, cookie, body: { response: member.device.authenticate(options) } };
  },
  'PATCH /api/mfa/passkeys/:id': async ({ ctx }) => {
    const member = await memberWithPasskey(ctx);
    return { ...by(member), params: { id: member.passkeyId }, body: { name: 'Desk key' } };
  },
  'DELETE /api/mfa/passkeys/:id': async ({ ctx }) => {
    const member = await memberWithPasskey(ctx);
    return { ...by(member), params: { id: member.passkeyId } };
  },
  'POST /api/users/:id/mfa/reset': async ({ ctx }) => {
    const admin = await ctx.signInAs('admin');
    const member = await enrolledMember(ctx, 'ir_associate', admin.orgId);
    return {
      ...by(admin),
      params: { id: member.userId },
      body: { reason: 'Lost phone, confirmed by phone call.' },
    };
  },

  // --- Invitations ------------------------------------------------------------------------------
  'POST /api/invitations': signedInAs('admin', () => ({
    email: uniqueEmail('invitee'),
    role: 'ir_associate',
  })),
  'POST /api/invitations/:id/resend': onSentInvitation(),
  'POST /api/invitations/:id/link': onSentInvitation(),
  'DELETE /api/invitations/:id': onSentInvitation({ reason: 'Sent by mistake' }),
  'POST /api/invitations/bulk': async ({ ctx }) => {
    const { admin, id } = await sentInvitation(ctx);
    return { ...by(admin), body: { action: 'delete', ids: [id] } };
  },
  'POST /api/invitations/accept': async ({ ctx }) => {
    const admin = await ctx.createUser('admin');
    const { token } = await insertInvitation(ctx, { orgId: admin.orgId, invitedBy: admin.userId });
    return {
      orgId: admin.orgId,
      body: { token, name: 'New Associate', password: 'a long enough passphrase' },
    };
  },
  'POST /api/invitations/accept-existing': async ({ ctx }) => {
    const admin = await ctx.createUser('admin');
    const member = await ctx.signInAs('ir_associate', admin.orgId);
    const { token } = await insertInvitation(ctx, {
      orgId: admin.orgId,
      invitedBy: admin.userId,
      email: member.email,
    });
    return { orgId: admin.orgId, cookie: member.cookie, body: { token } };
  },

  // --- Members, security settings, one's own settings -------------------------------------------
  'PATCH /api/users/:id/role': async ({ ctx }) => {
    const { admin, member } = await adminAndMember(ctx);
    return { ...by(admin), params: { id: member.userId }, body: { role: 'ir_director' } };
  },
  'POST /api/users/:id/deactivate': async ({ ctx }) => {
    const { admin, member } = await adminAndMember(ctx);
    return { ...by(admin), params: { id: member.userId } };
  },
  'POST /api/users/:id/reactivate': async ({ ctx }) => {
    const { admin, member } = await adminAndMember(ctx);
    const path = `/api/users/${member.userId}/deactivate`;
    await expectStatus(await ctx.request('POST', path, { cookie: admin.cookie }), 200, 'deactivate');
    return { ...by(admin), params: { id: member.userId } };
  },
  'PATCH /api/system-config': signedInAs('admin', () => ({ drafter_fallback_enabled: true })),
  // Single sign-on: saving asks a real provider (the context allows its http issuer).
  'PUT /api/security/sso': async ({ ctx }) => {
    const admin = await ctx.signInAs('admin');
    return { ...by(admin), body: ssoProviderInput(await sharedOidcProvider()) };
  },
  'DELETE /api/security/sso': async ({ ctx }) => {
    const admin = await ctx.signInAs('admin');
    await insertSsoProvider(ctx.db, { orgId: admin.orgId, issuer: 'https://login.example.com' });
    return by(admin);
  },
  'DELETE /api/auth/identities/:id': async ({ ctx }) => {
    const member = await ctx.signInAs('ir_associate');
    const id = await insertUserIdentity(ctx.db, {
      userId: member.userId,
      orgId: member.orgId,
      issuer: 'https://login.example.com',
      email: member.email,
    });
    return { ...by(member), params: { id } };
  },
  'PUT /api/security/sso-break-glass': async ({ ctx }) => {
    const admin = await ctx.signInAs('admin');
    return { ...by(admin), body: { user_id: admin.userId } };
  },
  'POST /api/admin/test-magic-link': signedInAs('admin'),
  'POST /api/admin/email-health/live-test': signedInAs('admin'),
  'PUT /api/admin/weekly-report': signedInAs('admin', () => ({
    day: 'friday',
    time: '17:30',
    time_zone: 'Europe/London',
  })),
  'PATCH /api/profile': signedInAs('is_associate', () => ({ name: 'Renamed Reader' })),
  'PATCH /api/settings': signedInAs('ir_associate', () => ({ email_signature: 'Best regards, Ann' })),
  'POST /api/email/unsubscribe': forNewMember('ir_associate', (user, ctx) => ({
    email: user.email,
    token: createUnsubscribeToken(ctx.emailDeps.unsubscribeKey, user.email),
    action: 'weekly_reports',
  })),
  'POST /api/email/unsubscribe/one-click': async ({ ctx }) => {
    const user = await ctx.createUser('ir_associate');
    const token = createUnsubscribeToken(ctx.emailDeps.unsubscribeKey, user.email);
    return {
      orgId: user.orgId,
      query: new URLSearchParams({ email: user.email, token }).toString(),
      form: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    };
  },

  // --- Investors' e-mail (docs/decisions/058-inbound-email.md) ---------------------------------------
  // The public webhook writes in the chain of the organisation the address names.
  'POST /api/webhooks/inbound-email': async ({ ctx }) => {
    const orgId = await ctx.createOrg();
    const secret = ctx.config.inbound?.webhookSecrets[0];
    if (!secret) throw new Error('the context configures no INBOUND_EMAIL_WEBHOOK_SECRET');
    const body = plainMail({
      from: 'Jane Investor <jane@example.com>',
      to: await inboundAddressOf(ctx, orgId),
      messageId: `<${generateToken()}@mail.example.com>`,
    });
    return { orgId, raw: { body, headers: inboundWebhookHeaders(ctx, body, { secret }) } };
  },

  // --- Funds and documents ----------------------------------------------------------------------
  'POST /api/projects': signedInAs('ir_director', () => ({
    name: `Fund ${generateToken().slice(0, 8)}`,
    fund_type: 'Real Estate',
  })),
  'PATCH /api/projects/:id': async ({ ctx }) => {
    const director = await ctx.signInAs('ir_director');
    const id = await insertProject(ctx.db, { orgId: director.orgId });
    return { ...by(director), params: { id }, body: { fund_type: 'Infrastructure' } };
  },
  'POST /api/projects/:id/documents': async ({ ctx }) => {
    const associate = await ctx.signInAs('ir_associate');
    const id = await insertProject(ctx.db, { orgId: associate.orgId });
    return { ...by(associate), params: { id }, form: documentForm() };
  },
  'POST /api/projects/:id/documents/:docId/reindex': async ({ ctx }) => {
    const { director, projectId, docId } = await documentScene(ctx);
    return { ...by(director), params: { id: projectId, docId } };
  },
  'PUT /api/projects/:id/documents/:docId/disclosure': async ({ ctx }) => {
    const { director, projectId, docId } = await documentScene(ctx);
    return { ...by(director), body: { non_public: true }, params: { id: projectId, docId } };
  },
  'PUT /api/projects/:id/documents/:docId/passages/:passageId/disclosure': async ({ ctx }) => {
    const { director, projectId, docId } = await documentScene(ctx);
    const passages = await expectStatus(
      await ctx.request('GET', `/api/projects/${projectId}/documents/${docId}/passages?limit=1`, {
        cookie: director.cookie,
      }),
      200,
      'list passages',
    );
    const passageId = passages.items[0]?.id as string;
    return { ...by(director), body: { non_public: true }, params: { id: projectId, docId, passageId } };
  },
  'DELETE /api/projects/:id/documents/:docId': async ({ ctx }) => {
    const { director, projectId, docId } = await documentScene(ctx);
    // A document inside the retention period cannot be deleted (docs/decisions/030-data-retention.md).
    await backdateDocument(ctx.db, docId, ctx.clock.now());
    return { ...by(director), params: { id: projectId, docId } };
  },

  // --- The audit chain ----------------------------------------------------------------------------
  'POST /api/audit/checkpoints': signedInAs('ir_director'),

  // --- Analytics ---------------------------------------------------------------------------------
  'PUT /api/analytics/response-target': signedInAs('admin', () => ({ business_days: 5 })),

  // --- Data retention ----------------------------------------------------------------------------
  'PATCH /api/retention': signedInAs('admin', () => ({ retention_years: 10 })),
  'POST /api/retention/holds': signedInAs('admin', () => ({
    scope: 'investor',
    investor_email: uniqueEmail('held'),
    reason: 'Litigation notice received',
  })),
  'POST /api/retention/holds/:id/release': onAdded(
    'admin',
    '/api/retention/holds',
    { scope: 'all', reason: 'Regulatory examination' },
    byId,
    { reason: 'Examination closed' },
  ),
  'POST /api/retention/erasures': signedInAs('admin', () => ({
    investor_email: uniqueEmail('erased'),
    reason: 'Data subject request',
  })),

  // --- Messages, drafts and checks --------------------------------------------------------------
  'POST /api/messages': async ({ ctx }) => {
    const associate = await ctx.signInAs('ir_associate');
    const projectId = await insertProject(ctx.db, { orgId: associate.orgId });
    return { ...by(associate), body: buildMessageInput({ project_id: projectId }) };
  },
  'POST /api/messages/:id/drafts/generate': async ({ ctx }) => {
    const s = await questionScene(ctx);
    return { ...by(s.associate), params: { id: s.messageId } };
  },
  'POST /api/messages/:id/drafts': async ({ ctx }) => {
    const s = await draftScene(ctx);
    return {
      ...by(s.associate),
      params: { id: s.messageId },
      body: { text: `${s.text}\nEdited.`, based_on_version: s.version },
    };
  },
  'POST /api/messages/:id/drafts/:version/check': async ({ ctx }) => {
    const s = await draftScene(ctx);
    return { ...by(s.associate), params: versionParams(s) };
  },
  'POST /api/messages/:id/drafts/:version/apply-fix': async ({ ctx }) => {
    const s = await flaggedDraftScene(ctx);
    return {
      ...by(s.associate),
      params: versionParams(s),
      body: { ...flagSpan(s), based_on_version: s.version },
    };
  },
  'POST /api/messages/:id/drafts/:version/flags/dismiss': async ({ ctx }) => {
    const s = await flaggedDraftScene(ctx);
    return {
      ...by(s.director),
      params: versionParams(s),
      body: { ...flagSpan(s), reason: DISMISSAL_REASON },
    };
  },
  'POST /api/messages/:id/drafts/:version/flags/restore': async ({ ctx }) => {
    const s = await flaggedDraftScene(ctx);
    const dismissed = await ctx.request(
      'POST',
      `/api/messages/${s.messageId}/drafts/${s.version}/flags/dismiss`,
      { cookie: s.director.cookie, body: { ...flagSpan(s), reason: DISMISSAL_REASON } },
    );
    await expectStatus(dismissed, 200, 'dismiss');
    return { ...by(s.director), params: versionParams(s), body: flagSpan(s) };
  },

  // --- Approvals --------------------------------------------------------------------------------
  'POST /api/messages/:id/submit': async ({ ctx }) => {
    const s = await draftScene(ctx);
    return { ...by(s.associate), params: { id: s.messageId }, body: approvalBody(s) };
  },
  'POST /api/messages/:id/approve': async ({ ctx }) => {
    const s = await draftScene(ctx);
    return { ...by(s.director), params: { id: s.messageId }, body: approvalBody(s) };
  },
  'POST /api/messages/:id/request-changes': async ({ ctx }) => {
    const s = await draftScene(ctx);
    const submitted = await ctx.request('POST', `/api/messages/${s.messageId}/submit`, {
      cookie: s.associate.cookie,
      body: approvalBody(s),
    });
    await expectStatus(submitted, 200, 'submit');
    return {
      ...by(s.director),
      params: { id: s.messageId },
      body: { comment: 'Say when the distribution is paid.' },
    };
  },

  // --- Triage (docs/decisions/050-triage-unread-and-owner.md) ----------------------------------------
  'PUT /api/messages/:id/owner': async ({ ctx }) => {
    const s = await questionScene(ctx);
    return { ...by(s.associate), params: { id: s.messageId }, body: { owner_id: s.director.userId } };
  },
  'PUT /api/messages/:id/investor/type': async ({ ctx }) => {
    const s = await questionScene(ctx);
    return { ...by(s.director), params: { id: s.messageId }, body: { investor_type: 'institutional' } };
  },
  'POST /api/messages/bulk': async ({ ctx }) => {
    const s = await questionScene(ctx);
    return { ...by(s.associate), body: { ids: [s.messageId], action: 'resolve' } };
  },

  // --- Threads and e-mail attachments (docs/decisions/058-inbound-email.md) ------------------------
  'PUT /api/messages/:id/fund': async ({ ctx }) => {
    const s = await questionScene(ctx);
    const other = await insertProject(ctx.db, { orgId: s.orgId });
    return { ...by(s.associate), params: { id: s.messageId }, body: { project_id: other } };
  },
  'POST /api/messages/:id/attachments/:attachmentId/document': async ({ ctx }) => {
    const s = await questionScene(ctx);
    const attachment = await insertAttachment(ctx.db, ctx.config.attachmentsDir, {
      orgId: s.orgId,
      messageId: s.messageId,
      fileName: 'Q3 statement.pdf',
      contentType: 'application/pdf',
      bytes: buildPdf([['The Q3 distribution was paid on 15 July.']]),
    });
    return { ...by(s.associate), params: { id: s.messageId, attachmentId: attachment.id } };
  },

  // --- The Compliance center --------------------------------------------------------------------
  'POST /api/compliance/policy/terms': signedInAs('ir_director', () => TERM),
  'PATCH /api/compliance/policy/terms/:key': onAdded('ir_director', TERMS, TERM, termKey, {
    severity: 'low',
  }),
  'DELETE /api/compliance/policy/terms/:key': onAdded('ir_director', TERMS, TERM, termKey),
  'POST /api/compliance/policy/patterns': signedInAs('ir_director', () => PATTERN),
  'PATCH /api/compliance/policy/patterns/:id': onAdded('ir_director', PATTERNS, PATTERN, byId, {
    enabled: false,
  }),
  'DELETE /api/compliance/policy/patterns/:id': onAdded('ir_director', PATTERNS, PATTERN, byId),
  'PUT /api/compliance/settings': async ({ ctx }) => {
    const director = await ctx.signInAs('ir_director');
    const current = await expectStatus(
      await ctx.request('GET', '/api/compliance/settings', { cookie: director.cookie }),
      200,
      'read settings',
    );
    return {
      ...by(director),
      body: {
        forward_looking_disclaimer: 'Past performance is no guarantee of future results.',
        risk_factor_tags: [],
        compliance_contact: '',
        approval_matrix: current.approval_matrix,
      },
    };
  },
  'POST /api/compliance/templates': signedInAs('ir_director', () => TEMPLATE),
  'PATCH /api/compliance/templates/:id': onAdded('ir_director', TEMPLATES, TEMPLATE, byId, {
    title: 'Thank you',
  }),
  'DELETE /api/compliance/templates/:id': onAdded('ir_director', TEMPLATES, TEMPLATE, byId),
  'POST /api/compliance/library': async ({ ctx }) => {
    const s = await insertLibraryScene(ctx);
    return { ...by(s.director), body: libraryAnswerInput(ctx, s) };
  },
  'PATCH /api/compliance/library/:id': async ({ ctx }) => {
    const s = await libraryAnswerScene(ctx);
    return { ...by(s.director), params: { id: s.answerId }, body: { title: 'Distributions' } };
  },
  'DELETE /api/compliance/library/:id': async ({ ctx }) => {
    const s = await libraryAnswerScene(ctx);
    return { ...by(s.director), params: { id: s.answerId } };
  },
  // --- Reports (docs/decisions/044-reports.md) ----------------------------------------------------
  'POST /api/reports': signedInAs('ir_director', () => ({
    type: 'management',
    period_start: '2026-11-01',
    period_end: '2026-11-30',
  })),
  'PUT /api/admin/report-schedule': async ({ ctx }) => {
    const admin = await ctx.signInAs('admin');
    return { ...by(admin), body: { enabled: true, types: ['compliance'], recipient_ids: [admin.userId] } };
  },
  'POST /api/reports/:id/retry': async ({ ctx }) => {
    const director = await ctx.signInAs('ir_director');
    // A report whose generation failed, as the reports job leaves one (no background run to race).
    const [report] = await ctx.db
      .insert(reports)
      .values({
        orgId: director.orgId,
        type: 'compliance',
        periodStart: '2026-11-01',
        periodEnd: '2026-11-30',
        status: 'failed',
        error: 'Generation stopped before it finished.',
        createdBy: director.userId,
      })
      .returning({ id: reports.id });
    if (!report) throw new Error('no report');
    return { ...by(director), params: { id: report.id } };
  },
  'POST /api/compliance/review-items/:id/review': async ({ ctx }) => {
    const s = await libraryAnswerScene(ctx);
    const [item] = await ctx.db
      .insert(reviewItems)
      .values({
        orgId: s.orgId,
        kind: 'library_answer',
        libraryAnswerId: s.answerId,
        fileName: 'Q3 Letter.md',
        oldPassageId: s.distributionId,
        oldDocPath: 'Q3 Letter.md#page=1',
        oldText: DISTRIBUTION_PASSAGE,
      })
      .returning({ id: reviewItems.id });
    if (!item) throw new Error('no review item');
    return { ...by(s.director), params: { id: item.id } };
  },
  'POST /api/supervisory-reviews/:id/sign-off': async ({ ctx }) => {
    // Rate 100: the associate's Mark Final of their own draft is drawn (docs/decisions/055-supervisory-review.md).
    const s = await draftScene(ctx);
    await ctx.db
      .insert(complianceSettings)
      .values({
        orgId: s.orgId,
        forwardLookingDisclaimer: 'Past performance is no guarantee of future results.',
        approvalMatrix: DEFAULT_APPROVAL_MATRIX,
        reviewSamplePercent: 100,
      })
      .onConflictDoUpdate({ target: complianceSettings.orgId, set: { reviewSamplePercent: 100 } });
    const approved = await ctx.request('POST', `/api/messages/${s.messageId}/approve`, {
      cookie: s.associate.cookie,
      body: approvalBody(s),
    });
    await expectStatus(approved, 200, 'mark final');
    const [review] = await ctx.db
      .select({ id: supervisoryReviews.id })
      .from(supervisoryReviews)
      .where(eq(supervisoryReviews.messageId, s.messageId));
    if (!review) throw new Error('not drawn for review');
    return { ...by(s.director), params: { id: review.id }, body: { note: 'Read as sent.' } };
  },
};
