/**
 * A file sent as a download: its type and name in the headers, never cached nor sniffed
 * (security baseline "Exports"; docs/requirements.md §9 "file names include a timestamp").
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ReportFileType } from '@esr/contracts/open-pathways';
import { londonWallClock } from '@esr/contracts/london-dates';

export interface ReportFile {
  fileName: string;
  contentType: string;
  /** RFC 6266, with the UTF-8 name in `filename*` and an ASCII stand-in for old clients. */
  contentDisposition: string;
  stream: Readable;
  /**
   * For a file that shows patients: settles once its one access entry is written, when its last
   * row has been read or the download was cut short (decision 0042); rejects if it could not be.
   */
  accessRecorded?: Promise<void>;
}

/**
 * Sends a report as its download: its type and name, never cached nor sniffed. The access entry is
 * written as the download ends, after the handler has returned (decision 0042): a failure to write
 * it is logged.
 */
export function sendReport(reply: FastifyReply, report: ReportFile) {
  report.accessRecorded?.catch((error: unknown) =>
    reply.log.error({ err: error }, 'the patient access log entry of a download was not written'),
  );
  return reply
    .header('content-type', report.contentType)
    .header('content-disposition', report.contentDisposition)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(report.stream);
}

export const reportContentTypes: Record<ReportFileType, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * docs/requirements.md §9 "file names include a timestamp": the report's name kept to letters, digits, spaces,
 * hyphens and underscores (so no path, quote or control character reaches a header or a disk),
 * then `_YYYYMMDD-HHmmss` in UK time and the extension.
 */
export function reportFileName(name: string, extension: ReportFileType, at: Date): string {
  const safe =
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/\s+/g, ' ')
      .trim() || 'Report';
  const t = londonWallClock(at);
  return `${safe}_${t.year}${t.month}${t.day}-${t.hour}${t.minute}${t.second}.${extension}`;
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
