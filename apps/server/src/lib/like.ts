/** `%fragment%` for ILIKE, with the user's own `%`, `_` and `\` matched literally. */
export function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
