import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { fileMessages } from './messages.js';
import { ImportFileError } from './raw-rows.js';
import type { ImportLimits } from './types.js';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

type ZipLimits = Pick<ImportLimits, 'maxUnzippedBytes' | 'maxZipEntries' | 'maxCompressionRatio'>;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const utf8 = new TextDecoder('utf-8');

// Small parts compress well without being dangerous; the ratio only matters for parts that are big.
const ratioFloorBytes = 1024 * 1024;

/**
 * The zip's central directory, read by us before any parser sees the file (docs/requirements.md §5 zip guard): entry
 * count, declared sizes and compression ratios are checked here; actual sizes are counted again
 * while inflating. Only names are read when `limits` is absent (telling a workbook from other zips).
 */
export function readCentralDirectory(bytes: Uint8Array, limits?: ZipLimits): ZipEntry[] {
  const dv = view(bytes);
  const n = bytes.length;
  let eocd = -1;
  for (let i = n - 22; i >= Math.max(0, n - 22 - 0xffff); i--) {
    if (dv.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ImportFileError(fileMessages.zipDamaged);
  const total = dv.getUint16(eocd + 10, true);
  const directorySize = dv.getUint32(eocd + 12, true);
  const directoryOffset = dv.getUint32(eocd + 16, true);
  if (total === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) {
    throw new ImportFileError(fileMessages.zip64);
  }
  if (limits && total > limits.maxZipEntries)
    throw new ImportFileError(fileMessages.zipTooManyEntries(limits.maxZipEntries));
  if (directoryOffset + directorySize > n) throw new ImportFileError(fileMessages.zipDamaged);
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let declared = 0;
  let p = directoryOffset;
  for (let i = 0; i < total; i++) {
    if (p + 46 > n || dv.getUint32(p, true) !== 0x02014b50)
      throw new ImportFileError(fileMessages.zipDamaged);
    const flags = dv.getUint16(p + 8, true);
    const method = dv.getUint16(p + 10, true);
    const compressedSize = dv.getUint32(p + 20, true);
    const size = dv.getUint32(p + 24, true);
    const nameLength = dv.getUint16(p + 28, true);
    const extraLength = dv.getUint16(p + 30, true);
    const commentLength = dv.getUint16(p + 32, true);
    const headerOffset = dv.getUint32(p + 42, true);
    if (p + 46 + nameLength > n) throw new ImportFileError(fileMessages.zipDamaged);
    const name = utf8.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    p += 46 + nameLength + extraLength + commentLength;
    if (compressedSize === 0xffffffff || size === 0xffffffff || headerOffset === 0xffffffff) {
      throw new ImportFileError(fileMessages.zip64);
    }
    entries.push({ name, method, flags, compressedSize, size, headerOffset });
    if (!limits) continue;
    if (names.has(name)) throw new ImportFileError(fileMessages.zipDamaged);
    names.add(name);
    if (flags & 1) throw new ImportFileError(fileMessages.zipEncryptedEntry);
    if (method !== 0 && method !== 8) throw new ImportFileError(fileMessages.zipMethod(name));
    if (size > limits.maxUnzippedBytes)
      throw new ImportFileError(fileMessages.zipTooLarge(limits.maxUnzippedBytes));
    if (size > ratioFloorBytes && size / Math.max(compressedSize, 1) > limits.maxCompressionRatio) {
      throw new ImportFileError(fileMessages.zipRatio(name, size / Math.max(compressedSize, 1)));
    }
    declared += size;
    if (declared > limits.maxUnzippedBytes)
      throw new ImportFileError(fileMessages.zipTooLarge(limits.maxUnzippedBytes));
  }
  return entries;
}

/** The entry's stored bytes, found through its local header. */
function storedBytes(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const dv = view(bytes);
  const at = entry.headerOffset;
  if (at + 30 > bytes.length || dv.getUint32(at, true) !== 0x04034b50)
    throw new ImportFileError(fileMessages.zipDamaged);
  const start = at + 30 + dv.getUint16(at + 26, true) + dv.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw new ImportFileError(fileMessages.zipDamaged);
  return bytes.subarray(start, end);
}

/** Bytes inflated so far across the workbook, against the unzipped cap. */
export class InflateBudget {
  used = 0;
  constructor(readonly limit: number) {}
  take(n: number): void {
    this.used += n;
    if (this.used > this.limit) throw new ImportFileError(fileMessages.zipTooLarge(this.limit));
  }
}

/** A small part inflated whole, refusing more bytes than it declared. */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry, budget: InflateBudget): Buffer {
  const data = storedBytes(bytes, entry);
  let out: Buffer;
  if (entry.method === 0) {
    out = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  } else {
    try {
      out = inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
        throw new ImportFileError(fileMessages.zipSizeMismatch(entry.name));
      }
      throw new ImportFileError(fileMessages.zipDamaged);
    }
  }
  if (out.length > entry.size) throw new ImportFileError(fileMessages.zipSizeMismatch(entry.name));
  budget.take(out.length);
  return out;
}

/** A part inflated as a stream of chunks (worksheets), counting bytes against its declared size. */
export async function* inflateEntryChunks(
  bytes: Uint8Array,
  entry: ZipEntry,
  budget: InflateBudget,
): AsyncGenerator<Buffer> {
  const data = storedBytes(bytes, entry);
  if (entry.method === 0) {
    if (data.length > entry.size) throw new ImportFileError(fileMessages.zipSizeMismatch(entry.name));
    budget.take(data.length);
    for (let i = 0; i < data.length; i += 1 << 20) {
      const piece = data.subarray(i, Math.min(i + (1 << 20), data.length));
      yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    }
    return;
  }
  const inflater = createInflateRaw({ chunkSize: 256 * 1024 });
  inflater.end(data);
  let seen = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > entry.size) throw new ImportFileError(fileMessages.zipSizeMismatch(entry.name));
      budget.take(chunk.length);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(fileMessages.zipDamaged);
  } finally {
    inflater.destroy();
  }
}
