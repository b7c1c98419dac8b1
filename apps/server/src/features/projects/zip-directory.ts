import { ZIP_MAX_COMPRESSION_RATIO, ZIP_MAX_ENTRIES, ZIP_MAX_UNCOMPRESSED_BYTES } from './document-limits';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Where the end record of the central directory starts, searched back over a comment; -1 when none. */
function endOfDirectoryAt(view: Buffer): number {
  const earliest = Math.max(0, view.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let at = view.length - END_RECORD_BYTES; at >= earliest; at--) {
    if (view.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/**
 * The names in a ZIP's central directory, at most `max` of them, read without inflating anything; null
 * when the directory is missing or damaged (e-mail attachments: is it a Word document?).
 */
export function zipEntryNames(bytes: Uint8Array, max: number): string[] | null {
  const view = bufferOf(bytes);
  const end = endOfDirectoryAt(view);
  if (end < 0) return null;
  const size = view.readUInt32LE(end + 12);
  const offset = view.readUInt32LE(end + 16);
  if (offset + size > end) return null;
  const names: string[] = [];
  for (let at = offset; at < offset + size && names.length < max; ) {
    if (at + 46 > end || view.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const nameLength = view.readUInt16LE(at + 28);
    if (at + 46 + nameLength > end) return null;
    names.push(view.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
  }
  return names;
}

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;

/**
 * Why a ZIP container (a DOCX) must not be opened, read from its central directory alone — nothing is
 * inflated — or null when its entry count, total uncompressed size and compression ratio are within
 * the limits (docs/decisions/037-untrusted-files.md). A directory that cannot be read cannot be
 * bounded, so it is refused too. ZIP64 is refused: only an archive over 4 GB or 65,535 entries needs it.
 */
export function zipDirectoryProblem(bytes: Uint8Array): string | null {
  const view = bufferOf(bytes);
  const end = endOfDirectoryAt(view);
  if (end < 0) return 'its ZIP directory is missing, so the file is damaged';
  const declaredEntries = view.readUInt16LE(end + 10);
  const directorySize = view.readUInt32LE(end + 12);
  const directoryOffset = view.readUInt32LE(end + 16);
  if (declaredEntries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    return 'it is a ZIP64 archive, which a Word document under 10 MB never needs';
  }
  if (declaredEntries > ZIP_MAX_ENTRIES) {
    return `it holds ${declaredEntries} files (the limit is ${ZIP_MAX_ENTRIES})`;
  }
  if (directoryOffset + directorySize > end) return 'its ZIP directory is damaged';

  let entries = 0;
  let uncompressed = 0;
  for (let at = directoryOffset; at < directoryOffset + directorySize; entries++) {
    if (at + 46 > end || view.readUInt32LE(at) !== DIRECTORY_ENTRY) return 'its ZIP directory is damaged';
    if (entries >= ZIP_MAX_ENTRIES) return `it holds more than ${ZIP_MAX_ENTRIES} files`;
    const size = view.readUInt32LE(at + 24);
    if (size === 0xffffffff) return 'it is a ZIP64 archive, which a Word document under 10 MB never needs';
    uncompressed += size;
    at += 46 + view.readUInt16LE(at + 28) + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
  }
  if (uncompressed > ZIP_MAX_UNCOMPRESSED_BYTES) {
    return `it unpacks to ${megabytes(uncompressed)} (the limit is ${megabytes(ZIP_MAX_UNCOMPRESSED_BYTES)})`;
  }
  const ratio = uncompressed / Math.max(1, view.length);
  if (ratio > ZIP_MAX_COMPRESSION_RATIO) {
    return `it unpacks to ${Math.round(ratio)} times its size (the limit is ${ZIP_MAX_COMPRESSION_RATIO})`;
  }
  return null;
}
