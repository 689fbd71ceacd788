import { formatFileTimestamp } from './dates';

/**
 * The file name of a Content-Disposition header: the UTF-8 `filename*` when there is one (it can
 * carry any character), else `filename`. Any folder part is dropped, so a name can never point
 * outside the downloads folder.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1]!.trim().replace(/^"(.*)"$/, '$1');
    const encoded = value.replace(/^[\w-]+'[^']*'/, '');
    try {
      name = decodeURIComponent(encoded);
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/**
 * A name kept to letters, digits, spaces, hyphens and underscores, as the API names its files: no
 * folder, quote or character a file system refuses.
 */
export function safeFileName(name: string): string {
  return (
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/\s+/g, ' ')
      .trim() || 'download'
  );
}

/** docs/requirements.md §9: a downloaded file's name includes a timestamp, for example Knee list_20261124-160509.csv. */
export function timestampedFileName(name: string, extension: string, now: Date = new Date()): string {
  return `${safeFileName(name)}_${formatFileTimestamp(now)}.${extension}`;
}

/** How long the browser keeps a saved file's address: long enough for a large file to be written. */
const objectUrlLifetimeMs = 60_000;

/** Saves a file the page has fetched, under the given name, as a link with `download` would. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
}
