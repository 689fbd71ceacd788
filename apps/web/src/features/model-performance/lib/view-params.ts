import {
  groupingSchema,
  modelPerformanceQuerySchema,
  type Grouping,
  type ModelPerformanceQuery,
} from '@esr/contracts/model-performance';
import { procedureCodeSchema, type ProcedureCode } from '@esr/contracts/procedures';
import { datePartsOf, readDateParts, type DateParts } from '../../../lib/calendar-date';

/**
 * What the model performance screen shows lives in the address, under the API's own parameter
 * names (endpoints.modelPerformance), so that a view can be bookmarked and shared: the procedure,
 * the dates of operation, the model version and the grouping of the fairness table.
 */
export interface MonitoringView {
  procedure: ProcedureCode;
  from?: string;
  to?: string;
  modelVersion?: number;
  by: Grouping;
}

export const defaultProcedure: ProcedureCode = 'knee';
export const defaultGrouping: Grouping = 'sex';

const shape = modelPerformanceQuerySchema.shape;

/** The view an address asks for; a value the API would refuse is left out (or is the default). */
export function readMonitoringView(params: URLSearchParams): MonitoringView {
  const procedure = procedureCodeSchema.safeParse(params.get('procedure'));
  const by = groupingSchema.safeParse(params.get('by'));
  const from = shape.from.safeParse(params.get('from') ?? undefined);
  const to = shape.to.safeParse(params.get('to') ?? undefined);
  const version = params.get('modelVersion');
  const modelVersion = version ? shape.modelVersion.safeParse(version) : undefined;
  const view: MonitoringView = {
    procedure: procedure.success ? procedure.data : defaultProcedure,
    by: by.success ? by.data : defaultGrouping,
  };
  if (from.success && from.data) view.from = from.data;
  if (to.success && to.data) view.to = to.data;
  if (modelVersion?.success && modelVersion.data) view.modelVersion = modelVersion.data;
  return view;
}

/** The address of a view: the procedure always, the rest when chosen (the grouping unless sex). */
export function writeMonitoringView(view: MonitoringView): URLSearchParams {
  const params = new URLSearchParams({ procedure: view.procedure });
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.modelVersion !== undefined) params.set('modelVersion', String(view.modelVersion));
  if (view.by !== defaultGrouping) params.set('by', view.by);
  return params;
}

/** The figures' query of a view (its period and model version). */
export function figuresQuery(view: MonitoringView): ModelPerformanceQuery {
  const query: ModelPerformanceQuery = {};
  if (view.from) query.from = view.from;
  if (view.to) query.to = view.to;
  if (view.modelVersion !== undefined) query.modelVersion = view.modelVersion;
  return query;
}

/** What the choice form holds while the user types. */
export interface MonitoringDraft {
  procedure: string;
  from: DateParts;
  to: DateParts;
  modelVersion: string;
  by: string;
}

export const draftOfView = (view: MonitoringView): MonitoringDraft => ({
  procedure: view.procedure,
  from: datePartsOf(view.from),
  to: datePartsOf(view.to),
  modelVersion: view.modelVersion === undefined ? '' : String(view.modelVersion),
  by: view.by,
});

export const periodMessages = {
  from: 'Start date must be a real date, like 1 4 2025',
  to: 'End date must be a real date, like 31 3 2026',
  order: 'End date must be the same as or after the start date',
} as const;

export type PeriodErrors = Partial<Record<'from' | 'to', string>>;

/** The id of a date's first field, where its error links to. */
export const dateFieldId = (key: 'from' | 'to') => `${key}-day`;

/** The view the form asks for, or what is wrong with its dates. */
export function viewFromDraft(
  draft: MonitoringDraft,
): { ok: true; view: MonitoringView } | { ok: false; errors: PeriodErrors } {
  const from = readDateParts(draft.from);
  const to = readDateParts(draft.to);
  const errors: PeriodErrors = {};
  if (from.kind === 'invalid') errors.from = periodMessages.from;
  if (to.kind === 'invalid') errors.to = periodMessages.to;
  else if (from.kind === 'date' && to.kind === 'date' && to.iso < from.iso) errors.to = periodMessages.order;
  if (errors.from || errors.to) return { ok: false, errors };
  // The procedure, version and grouping come from fixed choices: read as an address would be.
  const params = new URLSearchParams({ procedure: draft.procedure, by: draft.by });
  if (from.kind === 'date') params.set('from', from.iso);
  if (to.kind === 'date') params.set('to', to.iso);
  if (draft.modelVersion) params.set('modelVersion', draft.modelVersion);
  return { ok: true, view: readMonitoringView(params) };
}
