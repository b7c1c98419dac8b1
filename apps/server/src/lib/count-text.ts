/** '1 entry', '2 entries': a count with its noun, for the command line's sentences. */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}
