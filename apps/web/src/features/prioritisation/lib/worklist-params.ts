import {
  defaultWorklistSort,
  flagLabels,
  priorityDescriptions,
  riskBandLabels,
  waitBandLabels,
  worklistFilterSchema,
  worklistSortLabels,
  worklistSortSchema,
  type PrioritisationFlag,
  type PriorityCode,
  type RiskBand,
  type WaitBand,
  type WorklistFilter,
  type WorklistSort,
} from '@esr/contracts/prioritisation';
import { formatNhsNumber } from '../../../lib/nhs-number';
import { readPage } from '../../../lib/page-param';

/**
 * The prioritisation worklist's filters, order and page live in the address, under the API's own
 * parameter names (endpoints.prioritisation.worklist), so that Back, Forward, a reload and a shared
 * link show the same worklist, and the export is made of the same pathways.
 */
export const worklistFilterKeys = ['risk', 'wait', 'flag', 'priority', 'surgeonName', 'nhsNumber'] as const;
export type WorklistFilterKey = (typeof worklistFilterKeys)[number];
export type WorklistFilters = WorklistFilter;

/**
 * The worklist's own order when the address names none, the API's default: NHS England's, the most
 * urgent priority first, then the longest wait (decision 0056).
 */
export { defaultWorklistSort };

/** What the address asks the worklist to show. */
export interface WorklistView {
  filters: WorklistFilters;
  sort: WorklistSort;
  page: number;
}

const pageParam = 'page';
const sortParam = 'sort';

/**
 * The filters of an address. A value the API would refuse (a hand-edited or truncated link) is
 * left out rather than failing the whole worklist.
 */
export function readWorklistFilters(params: URLSearchParams): WorklistFilters {
  const filters: Record<string, string> = {};
  for (const key of worklistFilterKeys) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const parsed = worklistFilterSchema.shape[key].safeParse(value);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return filters as WorklistFilters;
}

/** The order an address asks for; anything the API would refuse is the worklist's own order. */
export function readWorklistSort(params: URLSearchParams): WorklistSort {
  const sort = worklistSortSchema.safeParse(params.get(sortParam));
  return sort.success ? sort.data : defaultWorklistSort;
}

export function readWorklistView(params: URLSearchParams): WorklistView {
  return {
    filters: readWorklistFilters(params),
    sort: readWorklistSort(params),
    page: readPage(params.get(pageParam)),
  };
}

/**
 * The address of a worklist view: the filters in the form's order, then the order and the page;
 * blanks, the worklist's own order and page 1 are left out.
 */
export function writeWorklistView({ filters, sort, page }: WorklistView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of worklistFilterKeys) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (sort !== defaultWorklistSort) params.set(sortParam, sort);
  if (page > 1) params.set(pageParam, String(page));
  return params;
}

export const hasWorklistFilters = (filters: WorklistFilters) =>
  worklistFilterKeys.some((key) => Boolean(filters[key]));

/**
 * The filters the matrix and its flag counts are counted with: those that are not the matrix's own
 * rows, columns or flags, so that each of its counts is the number of pathways its link shows.
 */
export function matrixFilters(filters: WorklistFilters): WorklistFilters {
  const kept: WorklistFilters = {};
  if (filters.priority) kept.priority = filters.priority;
  if (filters.surgeonName) kept.surgeonName = filters.surgeonName;
  if (filters.nhsNumber) kept.nhsNumber = filters.nhsNumber;
  return kept;
}

/** Whether the matrix is counted with any filter (the form's priority, surgeon or NHS number). */
export const isMatrixFiltered = (filters: WorklistFilters) => hasWorklistFilters(matrixFilters(filters));

/**
 * The query of a matrix count's link: the worklist of that risk band and wait band (either left out
 * for a total), with the matrix's own filters and the order kept, from its first page.
 */
export function matrixCellQuery(view: WorklistView, risk?: RiskBand, wait?: WaitBand): string {
  const filters: WorklistFilters = { ...matrixFilters(view.filters) };
  if (risk) filters.risk = risk;
  if (wait) filters.wait = wait;
  return writeWorklistView({ filters, sort: view.sort, page: 1 }).toString();
}

/** The query of a flag count's link: the worklist of that flag, with the matrix's own filters. */
export function flagQuery(view: WorklistView, flag: PrioritisationFlag): string {
  return writeWorklistView({
    filters: { ...matrixFilters(view.filters), flag },
    sort: view.sort,
    page: 1,
  }).toString();
}

/** The query of the worklist without filters, in the same order: the empty list's Clear filters. */
export const clearedQuery = (view: WorklistView): string =>
  writeWorklistView({ filters: {}, sort: view.sort, page: 1 }).toString();

/** The priority filter's choices: each code as described, then pathways without one. */
export const noPriorityLabel = 'No priority recorded';
export const priorityFilterLabels: Record<PriorityCode | 'none', string> = {
  ...priorityDescriptions,
  none: noPriorityLabel,
};

/** Field names, as the form labels them and the filter descriptions name them. */
export const worklistFilterLabels: Record<WorklistFilterKey, string> = {
  risk: 'Risk',
  wait: 'Wait',
  flag: 'Flag',
  priority: 'Priority',
  surgeonName: 'Surgeon name',
  nhsNumber: 'NHS number',
};

/** What the filter form holds while the user types. */
export type WorklistDraft = Record<WorklistFilterKey, string>;

export const emptyWorklistDraft: WorklistDraft = {
  risk: '',
  wait: '',
  flag: '',
  priority: '',
  surgeonName: '',
  nhsNumber: '',
};

export function draftOfFilters(filters: WorklistFilters): WorklistDraft {
  return {
    risk: filters.risk ?? '',
    wait: filters.wait ?? '',
    flag: filters.flag ?? '',
    priority: filters.priority ?? '',
    surgeonName: filters.surgeonName ?? '',
    nhsNumber: filters.nhsNumber ? formatNhsNumber(filters.nhsNumber) : '',
  };
}

/** Our wording for the typed filters the API would refuse. */
export const worklistFilterMessages = {
  surgeonName: 'Surgeon name must be 100 characters or fewer',
  nhsNumber: 'NHS number must be up to 10 digits',
} as const;
export type WorklistFilterErrors = Partial<Record<keyof typeof worklistFilterMessages, string>>;

/** The typed fields, in the order the form shows them, for the error summary. */
export const worklistFilterErrorOrder = ['surgeonName', 'nhsNumber'] as const;

/** The filters the form asks for, or what is wrong with them (checked as the API checks them). */
export function filtersFromDraft(
  draft: WorklistDraft,
): { ok: true; filters: WorklistFilters } | { ok: false; errors: WorklistFilterErrors } {
  const errors: WorklistFilterErrors = {};
  const filters: Record<string, string> = {};
  for (const key of worklistFilterKeys) {
    const value = draft[key].trim();
    if (!value) continue;
    const parsed = worklistFilterSchema.shape[key].safeParse(value);
    if (parsed.success) {
      if (parsed.data) filters[key] = parsed.data;
    } else if (key === 'surgeonName' || key === 'nhsNumber') errors[key] = worklistFilterMessages[key];
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, filters: filters as WorklistFilters };
}

/** Each applied filter in words, in the form's order, for example 'Risk: High risk'. */
export function describeWorklistFilters(filters: WorklistFilters): string[] {
  const words: Partial<Record<WorklistFilterKey, string>> = {
    risk: filters.risk && riskBandLabels[filters.risk],
    wait: filters.wait && waitBandLabels[filters.wait],
    flag: filters.flag && flagLabels[filters.flag],
    priority: filters.priority && priorityFilterLabels[filters.priority],
    surgeonName: filters.surgeonName,
    nhsNumber: filters.nhsNumber && formatNhsNumber(filters.nhsNumber),
  };
  return worklistFilterKeys.flatMap((key) =>
    words[key] ? [`${worklistFilterLabels[key]}: ${words[key]}`] : [],
  );
}

/**
 * How many pathways the worklist holds and in what order, announced when it changes: all the
 * procedure's active pathways, or those the filters match.
 */
export function worklistCountText(count: number, filtered: boolean, sort: WorklistSort): string {
  const one = count === 1;
  const words = filtered
    ? one
      ? 'pathway matches the filters'
      : 'pathways match the filters'
    : one
      ? 'pathway on the waiting list'
      : 'pathways on the waiting list';
  // NHS England's order says its second key too: the longest wait within each priority.
  const then = sort === 'priority' ? ', then the longest wait' : '';
  const order = count > 1 ? `, ${worklistSortLabels[sort].toLowerCase()} first${then}` : '';
  return `${count.toLocaleString('en-GB')} ${words}${order}`;
}
