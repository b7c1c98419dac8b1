// Applies the stored theme before the first paint, so a dark theme does not flash light.
// Mirrors resolveTheme in src/lib/theme.ts (key 'theme': 'light' | 'dark' | 'system', default system).
(() => {
  const root = document.documentElement;
  let preference = 'system';
  try {
    const stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') preference = stored;
  } catch {
    // Storage can be blocked (privacy settings); the system preference applies then.
  }
  const isDark =
    preference === 'dark' ||
    (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
})();
