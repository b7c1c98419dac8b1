/**
 * Whether a palette entry matches what was typed: every word of the search occurs in its title or
 * keywords, case-insensitive ('inv us' finds Invite Users). An empty search matches everything.
 */
export function matchesPaletteSearch(search: string, texts: readonly string[]): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
