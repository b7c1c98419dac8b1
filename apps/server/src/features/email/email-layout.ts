/** The one look of Parley's mail: a title, paragraphs, an optional button, a footnote. */
export type EmailContent = {
  subject: string;
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
};

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export function renderEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? ['--', content.footnote] : []),
  ].join('\n');

  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#171717">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border:1px solid #e5e5e5;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-weight:bold;font-size:14px;color:#525252">Parley</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#171717;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-size:15px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#737373;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : ''
}
${content.footnote ? `<p style="margin:24px 0 0;font-size:12px;color:#737373">${escapeHtml(content.footnote)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;

  return { subject: content.subject, text, html };
}
