import { z } from 'zod';
import { messages } from '@esr/contracts/messages';
import {
  reportFileTypes,
  reportMessages,
  reportNameMaxLength,
  type ReportField,
  type ReportFileType,
} from '@esr/contracts/open-pathways';
import { timestampedFileName } from '../../../lib/download';
import { describeActiveFilters, writeActiveFilters, type ActiveFilters } from './active-filters';

/** docs/requirements.md §5 report: a name of up to 30 characters, a file type and at least one field, all required. */
export const reportFormSchema = z.object({
  reportName: z
    .string()
    .trim()
    .min(1, reportMessages.nameRequired)
    .max(reportNameMaxLength, reportMessages.nameTooLong),
  fileType: z.enum(reportFileTypes, { error: reportMessages.fileTypeRequired }),
  fields: z.array(z.string()).min(1, reportMessages.fieldsRequired),
});
export type ReportFormInput = z.input<typeof reportFormSchema>;
export type ReportForm = z.output<typeof reportFormSchema>;

/** The form's fields in the order they appear, for the error summary. */
export const reportFieldOrder = ['reportName', 'fileType', 'fields'] as const;

export const fileTypeOptions: { value: ReportFileType; label: string }[] = [
  { value: 'csv', label: 'CSV (comma-separated values)' },
  { value: 'pdf', label: 'PDF' },
  { value: 'xlsx', label: 'XLSX (Excel workbook)' },
];

/**
 * The export's query (docs/requirements.md §7): the table's filters, so that the report holds the records the
 * table showed, then the name, type and the chosen fields in the fields list's order.
 */
export function reportQuery(
  form: ReportForm,
  filters: ActiveFilters,
  available: readonly ReportField[],
): Record<string, string> {
  const chosen = new Set(form.fields);
  const fields = available.filter((field) => chosen.has(field.key)).map((field) => field.key);
  return {
    ...Object.fromEntries(writeActiveFilters(filters)),
    fileName: form.reportName,
    fileType: form.fileType,
    fields: fields.join(','),
  };
}

/** docs/requirements.md §9: the download is named after the report, with a timestamp. */
export const reportFileName = (form: Pick<ReportForm, 'reportName' | 'fileType'>, now = new Date()) =>
  timestampedFileName(form.reportName, form.fileType, now);

/**
 * What the report will hold, said before it is made: "The report will include N records matching:"
 * then each filter, or all the active records when there is none; without a count while it cannot
 * be had.
 */
export function reportScope(
  totalCount: number | null,
  filters: ActiveFilters,
): { lead: string; conditions: string[] } {
  const count = totalCount === null ? 'the' : totalCount.toLocaleString('en-GB');
  const conditions = describeActiveFilters(filters);
  const records = totalCount === 1 ? 'record' : 'records';
  if (conditions.length === 0)
    return { lead: `The report will include all ${count} active ${records}.`, conditions };
  return { lead: `The report will include ${count} ${records} matching:`, conditions };
}

/** docs/requirements.md §8: a failed report is 'Error generating report', whatever the server said. */
export const reportFailedMessage = messages.reportFailed;
