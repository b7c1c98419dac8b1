/** docs/product.md §3/§9: the theme preference, stored under THEME_STORAGE_KEY; the default is system. */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** Reads a stored value; anything unknown (or nothing) means 'system'. */
export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return THEME_PREFERENCES.find((preference) => preference === value) ?? 'system';
}

/** 'system' follows the operating system's colour scheme. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
