import {
  DOCUMENT_ATTACHMENT_TYPES,
  INBOUND_ATTACHMENT_MAX_BYTES,
  INBOUND_ATTACHMENTS_MAX,
} from '@parley/contracts';
import { zipEntryNames } from '../projects/zip-directory';
import { cutAt } from './inbound-text';

/**
 * An e-mail's attachments as Parley keeps them (docs/decisions/058-inbound-email.md): the type
 * recognised from the bytes, never the sender's word for it and never HTML; a clean file name; at
 * most INBOUND_ATTACHMENTS_MAX of at most INBOUND_ATTACHMENT_MAX_BYTES each.
 */

const [PDF_TYPE, DOCX_TYPE] = DOCUMENT_ATTACHMENT_TYPES;
/** Whatever is not recognised: downloaded as bytes, never shown. */
export const UNKNOWN_TYPE = 'application/octet-stream';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Image signatures (their first bytes). SVG is not among them: it is XML that may carry script. */
const IMAGES: readonly { type: string; signature: readonly number[]; at?: number }[] = [
  { type: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', signature: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', signature: ascii('GIF87a') },
  { type: 'image/gif', signature: ascii('GIF89a') },
];

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
/** A Word document has a few dozen parts; a directory past this is not read further. */
const ZIP_ENTRIES_READ_MAX = 1000;

/** Whether a ZIP's central directory names `word/document.xml`, the part every DOCX has. */
function isWordDocument(bytes: Uint8Array): boolean {
  return zipEntryNames(bytes, ZIP_ENTRIES_READ_MAX)?.includes('word/document.xml') ?? false;
}

/**
 * The type of an attachment from its first bytes: PDF (`%PDF-`), DOCX (a ZIP with word/document.xml),
 * PNG, JPEG, GIF or WebP; anything else, HTML included, is application/octet-stream.
 */
export function recogniseAttachmentType(bytes: Uint8Array): string {
  if (startsWith(bytes, ascii('%PDF-'))) return PDF_TYPE;
  if (startsWith(bytes, ZIP_LOCAL)) return isWordDocument(bytes) ? DOCX_TYPE : UNKNOWN_TYPE;
  for (const image of IMAGES) if (startsWith(bytes, image.signature, image.at)) return image.type;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return UNKNOWN_TYPE;
}

/** The longest file name kept (ours): room for any real one. */
export const FILE_NAME_MAX = 200;
const FILE_EXTENSION_MAX = 16;
/** Control characters, line separators and unpaired surrogates. */
const UNSAFE_IN_NAME =
  /[\p{Cc}\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * A file name safe to store and to offer in a download: the last segment of whatever path the sender
 * gave, without control characters, trimmed, at most FILE_NAME_MAX characters with its extension kept;
 * `attachment` when nothing is left.
 */
export function cleanFileName(name: string | undefined): string {
  const segment = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = segment.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim();
  if (clean === '' || /^\.+$/.test(clean)) return 'attachment';
  if (clean.length <= FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= FILE_EXTENSION_MAX ? clean.slice(dot) : '';
  return `${cutAt(clean, FILE_NAME_MAX - extension.length).trimEnd()}${extension}`;
}

export type MailAttachment = { fileName: string; content: Buffer };

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;
/** The note names at most this many characters of file names: a mail with hundreds stays readable. */
const NOTE_NAMES_MAX = 2000;
const namesOf = (names: readonly string[]) => {
  const all = names.join(', ');
  return all.length <= NOTE_NAMES_MAX ? all : `${cutAt(all, NOTE_NAMES_MAX)}…`;
};

/**
 * The attachments kept, in the mail's order, and a line for the message's text naming those left out:
 * each over INBOUND_ATTACHMENT_MAX_BYTES, and every one past the INBOUND_ATTACHMENTS_MAX-th.
 */
export function selectAttachments(attachments: readonly MailAttachment[]): {
  kept: MailAttachment[];
  note: string | null;
} {
  const kept: MailAttachment[] = [];
  const tooLarge: string[] = [];
  const tooMany: string[] = [];
  for (const attachment of attachments) {
    if (attachment.content.length > INBOUND_ATTACHMENT_MAX_BYTES) {
      tooLarge.push(`${attachment.fileName} (${megabytes(attachment.content.length)})`);
    } else if (kept.length >= INBOUND_ATTACHMENTS_MAX) {
      tooMany.push(attachment.fileName);
    } else {
      kept.push(attachment);
    }
  }
  const parts = [
    tooLarge.length > 0
      ? `larger than ${megabytes(INBOUND_ATTACHMENT_MAX_BYTES)}: ${namesOf(tooLarge)}`
      : null,
    tooMany.length > 0 ? `past the first ${INBOUND_ATTACHMENTS_MAX}: ${namesOf(tooMany)}` : null,
  ].filter((part): part is string => part !== null);
  return {
    kept,
    note:
      parts.length > 0 ? `[Attachments left out, ${parts.join('; ')}. Parley keeps the whole e-mail.]` : null,
  };
}
