import { compoundFileNames, isCompoundFile } from './cfb.js';
import { fileMessages } from './messages.js';
import { ImportFileError } from './raw-rows.js';
import { readCentralDirectory } from './zip.js';

export type FileKind = 'csv' | 'xlsx' | 'xls';
export type FileKindResult = { ok: true; kind: FileKind } | { ok: false; error: string };

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  return prefix.every((b, i) => bytes[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * What a file is, from its bytes, never its name (docs/requirements.md §5 accepts csv, xlsx and xls). Anything else
 * gets a reason a clerk can act on: a PDF, a picture, a Word file, a password-protected workbook.
 */
export function detectFileKind(bytes: Uint8Array): FileKindResult {
  if (bytes.length === 0) return { ok: false, error: fileMessages.empty };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return sniffZip(bytes);
  if (isCompoundFile(bytes)) return sniffCompoundFile(bytes);
  if (startsWith(bytes, ascii('%PDF'))) return { ok: false, error: fileMessages.pdf };
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, ascii('GIF8')) ||
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]) ||
    (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) ||
    (startsWith(bytes, ascii('BM')) &&
      bytes.length > 26 &&
      bytes[14] !== undefined &&
      bytes[14] >= 12 &&
      bytes[15] === 0)
  ) {
    return { ok: false, error: fileMessages.image };
  }
  if (
    startsWith(bytes, [0x1f, 0x8b]) ||
    startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) ||
    startsWith(bytes, ascii('Rar!'))
  ) {
    return { ok: false, error: fileMessages.archive };
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return { ok: true, kind: 'csv' };
  return sniffText(bytes);
}

function sniffZip(bytes: Uint8Array): FileKindResult {
  let names: string[];
  try {
    names = readCentralDirectory(bytes).map((e) => e.name);
  } catch (error) {
    if (error instanceof ImportFileError) return { ok: false, error: error.userMessage };
    throw error;
  }
  const has = (name: string) => names.includes(name);
  if (
    has('xl/workbook.xml') ||
    names.some((n) => /^xl\/[^/]+\.xml$/.test(n) && n.startsWith('xl/workbook'))
  ) {
    return { ok: true, kind: 'xlsx' };
  }
  if (has('xl/workbook.bin')) return { ok: false, error: fileMessages.xlsb };
  if (names.some((n) => n.startsWith('word/'))) return { ok: false, error: fileMessages.word };
  if (names.some((n) => n.startsWith('ppt/'))) return { ok: false, error: fileMessages.powerPoint };
  if (has('mimetype') || has('content.xml')) return { ok: false, error: fileMessages.openDocument };
  if (has('[Content_Types].xml') && names.some((n) => n.startsWith('xl/'))) return { ok: true, kind: 'xlsx' };
  return { ok: false, error: fileMessages.otherZip };
}

function sniffCompoundFile(bytes: Uint8Array): FileKindResult {
  const names = compoundFileNames(bytes);
  if (names.includes('EncryptedPackage') || names.includes('EncryptionInfo')) {
    return { ok: false, error: fileMessages.encrypted };
  }
  if (names.includes('Workbook') || names.includes('Book')) return { ok: true, kind: 'xls' };
  if (names.includes('WordDocument')) return { ok: false, error: fileMessages.word };
  if (names.includes('PowerPoint Document')) return { ok: false, error: fileMessages.powerPoint };
  return { ok: false, error: fileMessages.otherOffice };
}

function sniffText(bytes: Uint8Array): FileKindResult {
  const head = bytes.subarray(0, Math.min(bytes.length, 8192));
  // A stray NUL in a cell makes that row invalid; a file full of them is not text at all.
  let nul = 0;
  for (const byte of head) if (byte === 0) nul++;
  if (nul > 8 || nul * 100 > head.length) return { ok: false, error: fileMessages.binary };
  let start = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (
    start < head.length &&
    (head[start] === 0x20 || head[start] === 0x09 || head[start] === 0x0a || head[start] === 0x0d)
  ) {
    start++;
  }
  const text = Buffer.from(head.subarray(start, start + 1024))
    .toString('latin1')
    .toLowerCase();
  if (text.startsWith('{\\rtf')) return { ok: false, error: fileMessages.rtf };
  if (text.startsWith('<!doctype html') || text.startsWith('<html') || text.startsWith('<table')) {
    return { ok: false, error: fileMessages.html };
  }
  if (text.startsWith('<?xml')) {
    return {
      ok: false,
      error: text.includes('urn:schemas-microsoft-com:office:spreadsheet')
        ? fileMessages.xmlSpreadsheet
        : fileMessages.binary,
    };
  }
  return { ok: true, kind: 'csv' };
}
