import { describe, expect, it } from 'vitest';
import { matchesPaletteSearch } from './palette-search';

describe('matchesPaletteSearch', () => {
  it('matches everything for an empty search', () => {
    expect(matchesPaletteSearch('', ['Inbox'])).toBe(true);
    expect(matchesPaletteSearch('   ', ['Inbox'])).toBe(true);
  });

  it('needs every word somewhere in the title or keywords, in any case', () => {
    expect(matchesPaletteSearch('ANALY', ['Analytics', 'Reporting'])).toBe(true);
    expect(matchesPaletteSearch('inv us', ['Invite Users', 'Administration'])).toBe(true);
    expect(matchesPaletteSearch('report analytics', ['Analytics', 'Reporting'])).toBe(true);
    expect(matchesPaletteSearch('inbox zzz', ['Inbox', 'Workflow'])).toBe(false);
    expect(matchesPaletteSearch('margaret', ['Inbox', 'Workflow'])).toBe(false);
  });
});
