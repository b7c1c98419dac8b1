import { describe, expect, it } from 'vitest';
import { readSidebarExpanded, serializeSidebarCookie } from './sidebar-cookie';

describe('readSidebarExpanded', () => {
  it('reads true and false among other cookies', () => {
    expect(readSidebarExpanded('a=1; sidebar_state=true; b=2')).toBe(true);
    expect(readSidebarExpanded('sidebar_state=false')).toBe(false);
  });

  it('returns null when the cookie is absent or holds something else', () => {
    expect(readSidebarExpanded('')).toBeNull();
    expect(readSidebarExpanded('other_sidebar_state=true')).toBeNull();
    expect(readSidebarExpanded('sidebar_state=yes')).toBeNull();
  });
});

describe('serializeSidebarCookie', () => {
  it('keeps the state for 7 days on the whole site', () => {
    expect(serializeSidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });

  it('round-trips through readSidebarExpanded', () => {
    const [pair = ''] = serializeSidebarCookie(true).split(';');
    expect(readSidebarExpanded(pair)).toBe(true);
  });
});
