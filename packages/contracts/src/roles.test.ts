import { describe, expect, it } from 'vitest';
import { hasCapability, rolesWith } from './capabilities';
import { formatRole, ROLES, resolveRole } from './roles';

describe('resolveRole', () => {
  it('takes the first role alphabetically (docs/product.md §6)', () => {
    expect(resolveRole(['is_associate', 'ir_director'])).toBe('ir_director');
    expect(resolveRole(['ir_associate', 'admin'])).toBe('admin');
  });

  it('grants nothing when no known role can be read', () => {
    expect(resolveRole([])).toBeNull();
    expect(resolveRole(['superuser'])).toBeNull();
  });
});

describe('the capability table', () => {
  it('follows the menu of docs/product.md §2 and §6', () => {
    expect(rolesWith('approvals.review')).toEqual(['admin', 'ir_director']);
    expect(rolesWith('reporting.read')).toEqual(['admin', 'ir_director']);
    expect(rolesWith('admin.manage')).toEqual(['admin']);
    expect(rolesWith('workspace.read')).toEqual(['admin', 'ir_director', 'ir_associate', 'is_associate']);
    expect(hasCapability('is_associate', 'messages.write')).toBe(false);
  });
});

describe('formatRole', () => {
  it('names every role in words', () => {
    expect(ROLES.map(formatRole)).toEqual(['Admin', 'IR Director', 'IR Associate', 'IS Associate']);
  });
});
