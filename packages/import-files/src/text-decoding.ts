import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

export type TextEncodingName = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

/**
 * docs/requirements.md §5: CSV comes as UTF-8 (with or without a BOM) or as Windows-1252 from older systems. A file
 * that is valid UTF-8 is read as UTF-8, anything else as Windows-1252, which every byte is valid in.
 * Excel's "Unicode text" export (UTF-16 with a BOM) is read too.
 */
export function detectEncoding(bytes: Uint8Array): TextEncodingName {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

// Small enough that the rows decoded from one chunk die young (no promotion to the old heap),
// large enough that per-chunk work is negligible.
const chunkBytes = 64 * 1024;

/**
 * Decodes the bytes a chunk at a time, so no string of the whole file is ever built. The UTF-8 and
 * UTF-16 decoders drop the byte order mark and carry a character split between chunks.
 */
export function* decodeChunks(
  bytes: Uint8Array,
  encoding: TextEncodingName,
  size = chunkBytes,
): Generator<string> {
  if (encoding === 'windows-1252') {
    for (let offset = 0; offset < bytes.length; offset += size) {
      yield iconv.decode(
        Buffer.from(bytes.buffer, bytes.byteOffset + offset, Math.min(size, bytes.length - offset)),
        'win1252',
      );
    }
    return;
  }
  const decoder = new TextDecoder(encoding);
  for (let offset = 0; offset < bytes.length; offset += size) {
    const end = Math.min(offset + size, bytes.length);
    yield decoder.decode(bytes.subarray(offset, end), { stream: end < bytes.length });
  }
}

/** The first `limit` bytes as text, to find the header and the delimiter before reading on. */
export function decodePrefix(bytes: Uint8Array, encoding: TextEncodingName, limit: number): string {
  const end = Math.min(bytes.length, limit);
  if (encoding === 'windows-1252')
    return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, end), 'win1252');
  return new TextDecoder(encoding).decode(bytes.subarray(0, end), { stream: end < bytes.length });
}
