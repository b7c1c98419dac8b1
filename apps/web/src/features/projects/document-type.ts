/** The short type label of a stored content type. */
export function documentTypeLabel(contentType: string): string {
  if (contentType === 'application/pdf') return 'PDF';
  if (contentType.includes('wordprocessingml')) return 'DOCX';
  if (contentType === 'text/markdown') return 'Markdown';
  return 'Text';
}
