/** Names of the types people know an attachment's type by; others are shown as their media type. */
const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.ms-excel': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/zip': 'ZIP archive',
  'text/plain': 'Text',
  'text/csv': 'CSV',
  'application/octet-stream': 'File',
};

/** An attachment's recognised type in words: 'PDF', 'PNG image', else the media type itself. */
export function attachmentTypeName(contentType: string): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = TYPE_NAMES[type];
  if (known) return known;
  const [kind, subtype] = type.split('/');
  if (kind === 'image' && subtype) return `${subtype.replace(/^x-|\+xml$/g, '').toUpperCase()} image`;
  return type || 'File';
}
