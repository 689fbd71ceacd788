import { formatFileTimestamp } from '../../../lib/dates';
import { safeFileName } from '../../../lib/download';

/**
 * docs/requirements.md §2 previous evaluations: a summary PDF is named {historyId}_Summary_{timestamp}.pdf, with
 * the timestamp the other downloads use (docs/requirements.md §9).
 */
export function summaryFileName(evaluationId: string, now: Date = new Date()): string {
  return `${safeFileName(evaluationId)}_Summary_${formatFileTimestamp(now)}.pdf`;
}
