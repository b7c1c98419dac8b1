import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu';

function titlesByGroup(role: Parameters<typeof buildMenu>[0]) {
  return Object.fromEntries(
    buildMenu(role).map((group) => [group.label, group.items.map((item) => item.title)]),
  );
}

describe('buildMenu', () => {
  it('shows an admin every group and item of docs/product.md §2, in order', () => {
    expect(titlesByGroup('admin')).toEqual({
      Workflow: ['Inbox', 'Log investor message', 'Approvals', 'Projects'],
      Reporting: ['Analytics', 'Compliance', 'Audit Logs', 'Reports'],
      Administration: ['Admin', 'Invite Users', 'Security Settings', 'Email Health'],
      System: ['Settings', 'Help'],
    });
  });

  it('shows a director Approvals and Reporting but not Administration', () => {
    expect(titlesByGroup('ir_director')).toEqual({
      Workflow: ['Inbox', 'Log investor message', 'Approvals', 'Projects'],
      Reporting: ['Analytics', 'Compliance', 'Audit Logs', 'Reports'],
      System: ['Settings', 'Help'],
    });
  });

  it.each(['ir_associate', 'is_associate'] as const)(
    'shows %s neither Approvals, Reporting nor Administration',
    (role) => {
      expect(titlesByGroup(role)).toEqual({
        Workflow: ['Inbox', 'Log investor message', 'Projects'],
        System: ['Settings', 'Help'],
      });
    },
  );

  it('links every item to its own route, and only Admin matches its path exactly', () => {
    const items = buildMenu('admin').flatMap((group) => group.items);
    expect(new Set(items.map((item) => item.to)).size).toBe(items.length);
    expect(items.filter((item) => item.end).map((item) => item.to)).toEqual(['/admin']);
    expect(items.find((item) => item.id === 'email-health')?.to).toBe('/admin/system/email-health');
  });
});
