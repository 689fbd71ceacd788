import {
  activeRecordsFilterSchema,
  missingInputsLabels,
  tciPassedLabels,
  readinessLabels,
  recordStatusLabels,
  riskLabels,
  socialLabels,
  type ActiveRecordsFilter,
} from '@esr/contracts/open-pathways';
import { datePartsOf, emptyDateParts, readDateParts, type DateParts } from '../../../lib/calendar-date';
import { formatDate } from '../../../lib/dates';
import { formatNhsNumber } from '../../../lib/nhs-number';
import { readPage } from '../../../lib/page-param';
import { sortParams, type ActiveSort } from './active-sort';
import { recordLabels } from './record-labels';

/**
 * The total records table's filters live in the address, under the API's own parameter names
 * (docs/requirements.md §7), so that Back, a reload and a shared link show the same table, and the report can be
 * made of the same records.
 */
export const activeFilterKeys = [
  'nhsNumber',
  'hospitalNumber',
  'tciDate',
  'referralDate',
  'surgeonName',
  'status',
  'prediction',
  'social',
  'surgery',
  'missingInputs',
  'tciPassed',
] as const;
export type ActiveFilterKey = (typeof activeFilterKeys)[number];
export type ActiveFilters = ActiveRecordsFilter;

const pageParam = 'page';

/**
 * The filters of an address. A value the API would refuse (a hand-edited or truncated link) is
 * left out rather than failing the whole table.
 */
export function readActiveFilters(params: URLSearchParams): ActiveFilters {
  const filters: Record<string, string> = {};
  for (const key of activeFilterKeys) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const parsed = activeRecordsFilterSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return filters as ActiveFilters;
}

export const readActivePage = (params: URLSearchParams) => readPage(params.get(pageParam));

/**
 * The address of filters, an order and a page; blanks, the list's own order and page 1 are left
 * out, keys in the form's order. A report's address takes the filters alone.
 */
export function writeActiveFilters(filters: ActiveFilters, page = 1, sort?: ActiveSort): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of activeFilterKeys) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (sort) for (const [key, value] of sortParams(sort)) params.set(key, value);
  if (page > 1) params.set(pageParam, String(page));
  return params;
}

export const hasActiveFilters = (filters: ActiveFilters) => activeFilterKeys.some((key) => filters[key]);

/** What the filter form holds while the user types: dates as the NHS.UK Day, Month and Year. */
export interface FilterDraft {
  nhsNumber: string;
  hospitalNumber: string;
  surgeonName: string;
  tciDate: DateParts;
  referralDate: DateParts;
  status: string;
  prediction: string;
  social: string;
  surgery: string;
  missingInputs: string;
  tciPassed: string;
}

export const emptyDraft: FilterDraft = {
  nhsNumber: '',
  hospitalNumber: '',
  surgeonName: '',
  tciDate: emptyDateParts,
  referralDate: emptyDateParts,
  status: '',
  prediction: '',
  social: '',
  surgery: '',
  missingInputs: '',
  tciPassed: '',
};

export function draftOf(filters: ActiveFilters): FilterDraft {
  return {
    nhsNumber: filters.nhsNumber ? formatNhsNumber(filters.nhsNumber) : '',
    hospitalNumber: filters.hospitalNumber ?? '',
    surgeonName: filters.surgeonName ?? '',
    tciDate: datePartsOf(filters.tciDate),
    referralDate: datePartsOf(filters.referralDate),
    status: filters.status ?? '',
    prediction: filters.prediction ?? '',
    social: filters.social ?? '',
    surgery: filters.surgery ?? '',
    missingInputs: filters.missingInputs ?? '',
    tciPassed: filters.tciPassed ?? '',
  };
}

/** Our wording: the specification names the filters (docs/requirements.md §2) but not their messages. */
export const filterMessages = {
  nhsNumber: 'NHS number must be up to 10 digits',
  hospitalNumber: `${recordLabels.hospitalNumber} must be 30 characters or fewer`,
  surgeonName: `${recordLabels.surgeonName} must be 30 characters or fewer`,
  tciDate: `${recordLabels.tciDate} must be a real date, like 24 11 2026`,
  referralDate: `${recordLabels.referralDate} must be a real date, like 24 11 2026`,
} as const;
export type FilterErrors = Partial<Record<keyof typeof filterMessages, string>>;

/** The form's fields that take an error, in the order they appear. */
export const filterErrorOrder = [
  'nhsNumber',
  'hospitalNumber',
  'surgeonName',
  'tciDate',
  'referralDate',
] as const;

/** The filters the form asks for, or what is wrong with them (checked as the API checks them). */
export function filtersFromDraft(
  draft: FilterDraft,
): { ok: true; filters: ActiveFilters } | { ok: false; errors: FilterErrors } {
  const errors: FilterErrors = {};
  const filters: Record<string, string> = {};
  const text = (key: 'nhsNumber' | 'hospitalNumber' | 'surgeonName') => {
    const value = draft[key].trim();
    if (!value) return;
    const parsed = activeRecordsFilterSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
    else if (!parsed.success) errors[key] = filterMessages[key];
  };
  text('nhsNumber');
  text('hospitalNumber');
  text('surgeonName');
  for (const key of ['tciDate', 'referralDate'] as const) {
    const date = readDateParts(draft[key]);
    if (date.kind === 'invalid') errors[key] = filterMessages[key];
    else if (date.kind === 'date') filters[key] = date.iso;
  }
  for (const key of ['status', 'prediction', 'social', 'surgery', 'missingInputs', 'tciPassed'] as const) {
    const parsed = activeRecordsFilterSchema.shape[key].safeParse(draft[key] || undefined);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, filters: filters as ActiveFilters };
}

/** Each applied filter in words, in the form's order, for example 'Prediction: High risk'. */
export function describeActiveFilters(filters: ActiveFilters): string[] {
  const words: Partial<Record<ActiveFilterKey, string>> = {
    nhsNumber: filters.nhsNumber && formatNhsNumber(filters.nhsNumber),
    hospitalNumber: filters.hospitalNumber,
    tciDate: filters.tciDate && formatDate(filters.tciDate),
    referralDate: filters.referralDate && formatDate(filters.referralDate),
    surgeonName: filters.surgeonName,
    status: filters.status && recordStatusLabels[filters.status],
    prediction: filters.prediction && riskLabels[filters.prediction],
    social: filters.social && socialLabels[filters.social],
    surgery: filters.surgery && readinessLabels[filters.surgery],
    missingInputs: filters.missingInputs && missingInputsLabels[filters.missingInputs],
    tciPassed: filters.tciPassed && tciPassedLabels[filters.tciPassed],
  };
  return activeFilterKeys.flatMap((key) => (words[key] ? [`${recordLabels[key]}: ${words[key]}`] : []));
}
