import { describe, expect, it } from 'vitest';
import { findRouteTitle, formatDocumentTitle, isRouteHandle } from './document-title';

describe('findRouteTitle', () => {
  it('takes the deepest route that has a title', () => {
    const matches = [
      { handle: undefined },
      { handle: { title: 'Admin' } },
      { handle: { title: 'Invite Users' } },
    ];
    expect(findRouteTitle(matches)).toBe('Invite Users');
  });

  it('skips routes without a title', () => {
    expect(findRouteTitle([{ handle: { title: 'Investor Inbox' } }, { handle: {} }])).toBe('Investor Inbox');
    expect(findRouteTitle([{ handle: null }])).toBeUndefined();
  });
});

describe('isRouteHandle', () => {
  it('accepts only a non-empty string title', () => {
    expect(isRouteHandle({ title: 'Help' })).toBe(true);
    expect(isRouteHandle({ title: '' })).toBe(false);
    expect(isRouteHandle({ title: 3 })).toBe(false);
    expect(isRouteHandle('Help')).toBe(false);
  });
});

describe('formatDocumentTitle', () => {
  it('appends the product name', () => {
    expect(formatDocumentTitle('Investor Inbox')).toBe('Investor Inbox · Parley');
    expect(formatDocumentTitle(undefined)).toBe('Parley');
  });
});
