import MailComposer from 'nodemailer/lib/mail-composer';
import PDFDocument from 'pdfkit';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createOutboxMailer } from '../features/email/mailer';
import { deriveUnsubscribeKey } from '../features/email/unsubscribe-token';
import { inboundAddress } from '../features/inbound-email/inbound-address';
import { findOrganizationInboundSlug } from '../features/inbound-email/inbound-email.queries';
import { ingestInboundEmail } from '../features/inbound-email/inbound-email.service';
import type { Clock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { loadEncryptionKey } from '../lib/secrets';

const DAY_MS = 86_400_000;
/** The demo's inbound domain when INBOUND_EMAIL_DOMAIN is not set: mail is ingested as if it came. */
const DEMO_INBOUND_DOMAIN = 'in.parley.localhost';

type DemoMail = {
  /** The Message-ID, fixed so a second seed finds the mail already received. */
  id: string;
  from: { name: string; address: string };
  subject: string;
  text: string;
  daysAgo: number;
  inReplyTo?: string;
  headers?: Record<string, string>;
  attachment?: 'bank-letter';
};

/**
 * DEMO DATA ONLY: e-mail as investors send it, received through the real ingestion
 * (docs/decisions/058-inbound-email.md): a two-message thread from a known investor, a new sender asking
 * to change bank details with a letter attached (marked 'Unknown sender'), and an out-of-office reply
 * kept out of the inbox.
 */
const DEMO_MAILS: DemoMail[] = [
  {
    id: '<demo-capital-call-1@harborview-family.com>',
    from: { name: 'Margaret Chen', address: 'margaret.chen@harborview-family.com' },
    subject: 'Capital call notice: wire reference',
    text: 'Hello,\n\nWe received the capital call notice for Fund Alpha. Which reference should our bank put on the wire so that the payment is matched to our commitment?\n\nBest regards,\nMargaret Chen\nHarborview Family Office',
    daysAgo: 1.6,
  },
  {
    id: '<demo-capital-call-2@harborview-family.com>',
    from: { name: 'Margaret Chen', address: 'margaret.chen@harborview-family.com' },
    subject: 'Re: Capital call notice: wire reference',
    text: 'One more question: is the due date on the notice the date the funds must arrive, or the date we must send them?\n\nThank you,\nMargaret\n\nOn Fri, Margaret Chen wrote:\n> Hello,\n> We received the capital call notice for Fund Alpha.',
    daysAgo: 0.4,
    inReplyTo: '<demo-capital-call-1@harborview-family.com>',
  },
  {
    id: '<demo-bank-details@northgate-capital-partners.com>',
    from: { name: 'Paul Whitfield', address: 'p.whitfield@northgate-capital-partners.com' },
    subject: 'Updated bank details for distributions',
    text: 'Dear Investor Relations,\n\nPlease note that our bank account for distributions has changed with immediate effect. The letter from our bank with the new account details is attached. Kindly confirm once your records are updated before the next distribution.\n\nRegards,\nPaul Whitfield',
    daysAgo: 0.1,
    attachment: 'bank-letter',
  },
  {
    id: '<demo-ooo@lakeshore-pension.org>',
    from: { name: 'David Okafor', address: 'd.okafor@lakeshore-pension.org' },
    subject: 'Automatic reply: NAV methodology for the office portfolio',
    text: 'I am out of the office until Monday with limited access to e-mail.',
    daysAgo: 0.9,
    headers: { 'Auto-Submitted': 'auto-replied' },
  },
];

/** A one-page PDF letter, made with the PDF library reports use. */
async function bankLetterPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(14).text('Northgate Capital Partners LLP', { underline: true });
  doc.moveDown();
  doc.fontSize(11).text('Change of bank details (DEMO DATA ONLY: fictional account).');
  doc.text('Account name: Northgate Capital Partners LLP');
  doc.text('IBAN: XX00 DEMO 0000 0000 0000 00');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

async function rawMail(mail: DemoMail, to: string, at: Date): Promise<Buffer> {
  const attachments =
    mail.attachment === 'bank-letter'
      ? [{ filename: 'bank-letter.pdf', content: await bankLetterPdf(), contentType: 'application/pdf' }]
      : [];
  return new MailComposer({
    from: mail.from,
    to,
    subject: mail.subject,
    text: mail.text,
    messageId: mail.id,
    date: at,
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo, references: [mail.inReplyTo] } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    attachments,
  })
    .compile()
    .build();
}

/**
 * Ingests the demo mails into the organisation; idempotent (a mail already received is a duplicate
 * and changes nothing). Returns how many were new.
 */
export async function seedDemoInbound(
  deps: { db: Db; clock: Clock; config: Config },
  orgId: string,
): Promise<number> {
  const slug = await findOrganizationInboundSlug(deps.db, orgId);
  if (!slug) return 0;
  const logger = createLogger('silent');
  const inbound = deps.config.inbound ?? { domain: DEMO_INBOUND_DOMAIN, webhookSecrets: [], smtp: undefined };
  const base = {
    db: deps.db,
    config: { ...deps.config, inbound },
    attachmentsRoot: deps.config.attachmentsDir,
    mailer: createOutboxMailer({ from: deps.config.mailFrom, announce: () => {} }),
    logger,
    appOrigin: deps.config.appOrigin,
    unsubscribeKey: deriveUnsubscribeKey(loadEncryptionKey(deps.config, logger)),
  };
  const to = inboundAddress(inbound.domain, slug);
  let added = 0;
  // Oldest first, so a reply finds the mail it answers.
  for (const mail of [...DEMO_MAILS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const at = new Date(deps.clock.now().getTime() - mail.daysAgo * DAY_MS);
    const clock = { ...deps.clock, now: () => at };
    const result = await ingestInboundEmail(
      { ...base, clock },
      { raw: await rawMail(mail, to, at), via: 'webhook' },
    );
    if (result.outcome !== 'duplicate') added++;
  }
  return added;
}
