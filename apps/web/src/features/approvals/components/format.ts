/** How long a submission has waited, short: 'just now', '45m', '3h', '2d'. */
export function formatAge(submittedAt: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(submittedAt)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  return `${Math.floor(hours / 24)}d`;
}

/** The average response time card: one decimal and 'h' (SPEC §2 shows '3.2h'); a dash with no data. */
export function formatHours(hours: number | null): string {
  return hours === null ? '–' : `${hours.toFixed(1)}h`;
}
