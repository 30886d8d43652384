// A GMT file's bytes as text. Read as UTF-8 whatever they were, a file Excel saved as "Unicode
// text" (UTF-16 with a byte-order mark) became sets named "\u0000" with no genes: every panel gene
// read "not in library" and the user's own gene sets were dropped without a word about the
// encoding. UTF-16 with a byte-order mark is decoded; anything else must be valid UTF-8.

/** The text of a GMT file, or an error that names the file and its encoding. */
export function gmtText(bytes: Uint8Array, file: string): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8(bytes.subarray(3), file);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return utf8(bytes, file);
}

function utf8(bytes: Uint8Array, file: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${file}: not UTF-8 text (it holds bytes no UTF-8 text has); save it as UTF-8 (GMT is plain text: name<TAB>description<TAB>gene<TAB>gene...)`);
  }
  // Valid UTF-8, but NUL characters: UTF-16 saved without a byte-order mark.
  if (text.includes('\u0000')) throw new Error(`${file}: holds NUL characters (UTF-16 saved without a byte-order mark?); save it as UTF-8`);
  return text;
}
