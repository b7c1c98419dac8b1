import { createHash } from 'node:crypto';
import { pdfPrintable as printable } from '../../lib/pdf-text';
import type { PackData, PackThread } from './evidence-pack';

// The human-readable summary of an evidence pack (docs/decisions/031-evidence-packs.md): what an
// examiner reads first. pack.json and audit.jsonl are the records; this restates them.

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const when = (iso: string | null) => (iso ? `${iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}` : '—');

export async function evidenceSummaryPdf(pack: PackData, signer: { keyId: string }): Promise<Buffer> {
  // PDFKit is imported when a PDF is made, not at start (docs/decisions/045-compiled-server.md).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: 'Parley evidence pack', Author: 'Parley', CreationDate: new Date(pack.generated_at) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const people = new Map(pack.people.map((p) => [p.id, p.name ? `${p.name} <${p.email}>` : p.email]));
  const who = (id: string | null) => (id ? (people.get(id) ?? id) : 'System');

  const heading = (text: string, size = 13) =>
    doc
      .moveDown(0.6)
      .font('Helvetica-Bold')
      .fontSize(size)
      .text(printable(text))
      .font('Helvetica')
      .fontSize(10);
  const line = (label: string, value: string) =>
    doc
      .font('Helvetica-Bold')
      .text(`${printable(label)}: `, { continued: true })
      .font('Helvetica')
      .text(printable(value));
  const block = (text: string) => doc.font('Helvetica').fontSize(9).text(printable(text)).fontSize(10);

  doc.font('Helvetica-Bold').fontSize(18).text('Evidence pack');
  doc.font('Helvetica').fontSize(10).moveDown(0.4);
  line('Organisation', pack.organisation.name ?? pack.organisation.id);
  line('Generated', `${when(pack.generated_at)} by ${who(pack.generated_by)}`);
  line(
    'Scope',
    pack.scope.kind === 'thread'
      ? `one thread (${pack.scope.message_id})`
      : [
          pack.scope.investor && `investor ${pack.scope.investor}`,
          pack.scope.fund && `fund ${pack.scope.fund}`,
          (pack.scope.from || pack.scope.to) && `period ${pack.scope.from ?? '…'} to ${pack.scope.to ?? '…'}`,
        ]
          .filter(Boolean)
          .join(', ') || 'all threads',
  );
  line('Threads', String(pack.threads.length));
  line('Signing key', signer.keyId);
  if (pack.chain_head) line('Audit chain head', `entry ${pack.chain_head.seq}, ${pack.chain_head.hash}`);
  doc.moveDown(0.4);
  block(
    'manifest.json lists every file of this pack with its SHA-256 and is signed with the key above; ' +
      'audit.jsonl holds the audit entries of these threads and a signed checkpoint of the chain. ' +
      'Verify the pack offline with: npm run cli -- audit verify-pack --file <pack.zip> --pubkey <key.pem>, ' +
      'using the public key obtained from Parley, not the copy inside the pack.',
  );

  for (const [i, t] of pack.threads.entries()) threadSection(t, i);
  doc.end();
  return done;

  function threadSection(t: PackThread, index: number) {
    if (index > 0) doc.addPage();
    else doc.moveDown(1);
    heading(`Thread ${index + 1}: ${t.message.subject}`, 14);
    line('Investor', `${t.message.investor_name} <${t.message.investor_email}>`);
    line('Fund', t.message.fund?.name ?? '—');
    line('Received', when(t.message.received_at));
    line('Status', t.message.status);
    for (const e of t.pseudonymised_by) {
      line(
        'Pseudonymised',
        `by an erasure on ${when(e.erased_at)} (audit entry ${e.audit_seq}): the investor's name and ` +
          'address in this thread were replaced by a pseudonym after the fact, so an approved text may ' +
          'no longer match the SHA-256 recorded at approval.',
      );
    }
    heading("The investor's message");
    block(t.message.body);

    heading('Draft versions');
    for (const v of t.versions) {
      const drafter = typeof v.provenance.drafter === 'string' ? v.provenance.drafter : 'person';
      line(
        `Version ${v.version}`,
        `${v.source === 'generated' ? `drafted by ${drafter}` : 'edited'}, ${when(v.created_at)}, by ${who(v.created_by)}; ` +
          `${v.citations.length} citation(s); ${v.compliance.flags.length} flag(s) at the last check (${when(v.compliance.checked_at)})`,
      );
      for (const f of v.compliance.flags) {
        block(
          `  • ${String(f.severity ?? '')} ${String(f.rule ?? '')}: ${String(f.term ?? f.message ?? '')}`,
        );
      }
    }
    if (t.flag_dismissals.length) {
      heading('Flags marked harmless');
      for (const d of t.flag_dismissals) {
        block(
          `• v${d.version} ${d.severity} ${d.rule} '${d.term}' by ${who(d.dismissed_by)} at ${when(d.dismissed_at)}: ${d.reason}` +
            (d.restored_at ? ` (restored ${when(d.restored_at)} by ${who(d.restored_by)})` : ''),
        );
      }
    }
    if (t.approval_requests.length) {
      heading('Approval requests');
      for (const r of t.approval_requests) {
        block(
          `• v${r.version} submitted by ${who(r.submitted_by)} at ${when(r.submitted_at)}: ${r.status}` +
            (r.decided_at ? ` by ${who(r.decided_by)} at ${when(r.decided_at)}` : '') +
            (r.comment ? ` — ${r.comment}` : ''),
        );
      }
    }
    for (const a of t.approvals) {
      heading(`Approval of version ${a.version}`);
      line('Approved by', `${who(a.approved_by)} at ${when(a.approved_at)}`);
      line('SHA-256 recorded at approval', a.approved_text_sha256 ?? '—');
      if (t.pseudonymised_by.length > 0 && sha256(a.approved_text ?? '') !== a.approved_text_sha256)
        line('Approved text', 'pseudonymised since approval: it no longer matches that SHA-256');
      if (a.override_reason) line('Approved over high-severity flags', a.override_reason);
      doc.moveDown(0.3);
      block(a.approved_text ?? '');
    }
    for (const r of t.replies) {
      heading(`The reply as sent (version ${r.version})`);
      line('To', r.to);
      line('Message-ID', r.message_id ?? '—');
      line('Status', `${r.status}, ${r.attempts} attempt(s), sent ${when(r.sent_at)}`);
      if (r.raw_file) line('File', `${r.raw_file} (SHA-256 ${r.raw_sha256})`);
      for (const e of r.delivery_events) block(`• ${when(e.at)} ${e.action}${e.success ? '' : ' (failed)'}`);
    }
    heading('Audit entries');
    for (const e of t.audit) {
      block(
        `#${e.seq}  ${when(e.created_at)}  ${e.action_type}  ${who(e.actor_id)}  ${e.hash.slice(0, 16)}…`,
      );
    }
  }
}
