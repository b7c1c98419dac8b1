/** The characters of Windows-1252 above 0x7F outside Latin-1: the standard PDF fonts print them too. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/**
 * Text as PDFKit's standard fonts (Helvetica and friends) can print it: they know Windows-1252 only,
 * so any other character becomes '?', never garbage. Used by every PDF Parley makes (evidence pack
 * summaries, reports); the records beside them keep the exact text.
 */
export function pdfPrintable(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (ch === '\n' || ch === '\t') return ch;
      if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch))
        return ch;
      return '?';
    })
    .join('');
}
