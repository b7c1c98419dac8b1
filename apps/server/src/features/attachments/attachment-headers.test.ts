import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadContentType, OPAQUE_CONTENT_TYPE } from './attachment-headers';

describe('the Content-Type of an attachment download', () => {
  it('keeps a recognised type a browser does not render as a page', () => {
    for (const type of ['application/pdf', 'image/png', 'text/plain', 'text/csv', 'application/zip']) {
      expect(downloadContentType(type)).toBe(type);
    }
    expect(downloadContentType(' Image/JPEG ')).toBe('image/jpeg');
  });

  it('sends anything HTML, XML, SVG or script-like, and anything unknown, as application/octet-stream', () => {
    for (const type of [
      'text/html',
      'application/xhtml+xml',
      'image/svg+xml',
      'text/xml',
      'application/xml',
      'application/rss+xml',
      'text/javascript',
      'application/ecmascript',
      'multipart/related',
      'message/rfc822',
      'text/html; charset=utf-8',
      'text/plain\r\nX-Injected: 1',
      '',
      'unknown',
    ]) {
      expect(downloadContentType(type), type).toBe(OPAQUE_CONTENT_TYPE);
    }
  });
});

describe('the Content-Disposition of an attachment download', () => {
  it('is always an attachment, with an ASCII name and the UTF-8 name of RFC 5987', () => {
    expect(attachmentDisposition('statement.pdf')).toBe(
      `attachment; filename="statement.pdf"; filename*=UTF-8''statement.pdf`,
    );
    expect(attachmentDisposition('Relevé été 2026.pdf')).toBe(
      `attachment; filename="Relev_ _t_ 2026.pdf"; filename*=UTF-8''Relev%C3%A9%20%C3%A9t%C3%A9%202026.pdf`,
    );
  });

  it('cannot be broken out of by quotes, line breaks or path separators in the name', () => {
    const value = attachmentDisposition('a"b\\c/d\r\nSet-Cookie: x=1\'(*).pdf');
    expect(value).not.toMatch(/[\r\n]/);
    expect(value).toBe(
      `attachment; filename="a_b_c_d__Set-Cookie: x=1'(*).pdf"; filename*=UTF-8''a%22b_c_dSet-Cookie%3A%20x%3D1%27%28%2A%29.pdf`,
    );
    expect(attachmentDisposition('  ')).toBe(
      `attachment; filename="attachment"; filename*=UTF-8''attachment`,
    );
    expect(attachmentDisposition('\ud800.txt')).toContain(`filename*=UTF-8''%EF%BF%BD.txt`);
  });
});
