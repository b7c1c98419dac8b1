import { DOCUMENT_EXTENSIONS, DOCUMENT_MAX_BYTES } from '@parley/contracts';

export const DOCUMENT_MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);

/**
 * What the browser can tell before sending (decision 013): the extension and the size. The server
 * checks again, by content too. Null when the file may be sent.
 */
export function uploadProblem(file: { name: string; size: number }): string | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    return `${file.name}: this file type is not supported. Upload a PDF, DOCX, Markdown (.md) or plain text (.txt) file.`;
  }
  if (file.size > DOCUMENT_MAX_BYTES) {
    return `${file.name} is larger than ${DOCUMENT_MAX_MB} MB. Upload a smaller file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}
