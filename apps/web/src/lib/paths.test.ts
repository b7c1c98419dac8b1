import { describe, expect, it } from 'vitest';
import { buildAuthPath, documentAnchorId, libraryAnswerLink, paths } from './paths';

describe('paths', () => {
  it('builds a thread path with the id encoded', () => {
    expect(paths.thread.build('abc')).toBe('/inbox/abc');
    expect(paths.thread.build('a/b c')).toBe('/inbox/a%2Fb%20c');
  });

  it('builds a project path, and one to a document of the fund', () => {
    expect(paths.project.build('p1')).toBe('/projects/p1');
    expect(paths.project.build('p1', 'd 1')).toBe(`/projects/p1#${documentAnchorId('d 1')}`);
  });

  it('links to one answer of the Compliance center’s answer library', () => {
    expect(libraryAnswerLink.build('a b')).toBe('/compliance?library=a+b#answer-library');
    expect(libraryAnswerLink.buildFromMessage('m 1')).toBe('/compliance?library_from=m+1#answer-library');
  });

  it('links to one audit entry, whose sheet the Audit Logs page opens', () => {
    expect(paths.auditEntry.build('e 1')).toBe('/audit?entry=e%201');
  });

  it('builds the invitation link of docs/product.md §9', () => {
    expect(buildAuthPath('tok+en')).toBe('/auth?token=tok%2Ben');
    expect(buildAuthPath()).toBe('/auth');
  });

  it("builds a fund's Disclosures ledger", () => {
    expect(paths.projectDisclosures.build('a/b')).toBe('/projects/a%2Fb/disclosures');
  });

  it('has every route of docs/product.md §2 (and /projects/:id, its disclosures, /setup and /admin/retention, which Parley adds)', () => {
    const patterns = Object.values(paths).map((value) => (typeof value === 'string' ? value : value.pattern));
    expect(new Set(patterns)).toEqual(
      new Set([
        '/',
        '/auth',
        '/auth/magic',
        '/auth/forgot',
        '/auth/reset',
        '/setup',
        '/inbox',
        '/inbox/:threadId',
        '/compose',
        '/approvals',
        '/projects',
        '/projects/:id',
        '/projects/:id/disclosures',
        '/analytics',
        '/compliance',
        '/audit',
        '/reports',
        '/admin',
        '/admin/invite',
        '/admin/security',
        '/admin/retention',
        '/admin/system/email-health',
        '/settings',
        '/help',
        '/email/unsubscribe',
        '*',
      ]),
    );
  });

  it('registers no static route twice', () => {
    const statics = Object.values(paths).filter((value) => typeof value === 'string');
    expect(new Set(statics).size).toBe(statics.length);
  });
});
