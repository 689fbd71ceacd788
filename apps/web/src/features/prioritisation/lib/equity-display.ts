import {
  equityGroupings,
  equityGroupLabels,
  priorityCodeSchema,
  priorityDescriptions,
  type EquityGrouping,
} from '@esr/contracts/prioritisation';
import { hiddenFigure, hiddenFigureText } from '@esr/contracts/small-groups';
import { noPriorityLabel } from './worklist-params';

/** Each grouping's name, as the choice of tables and their captions say it. */
export const groupingLabels: Record<EquityGrouping, string> = {
  sex: 'Sex',
  ethnicGroup: 'Ethnic group',
  ageBand: 'Age band',
};

/** The grouping the first table shows when the address names none. */
export const defaultGrouping: EquityGrouping = 'sex';

/** The grouping an address asks for (`?by=`); anything else is the first. */
export function readGrouping(params: URLSearchParams): EquityGrouping {
  const by = params.get('by');
  return (equityGroupings as readonly string[]).includes(by ?? '') ? (by as EquityGrouping) : defaultGrouping;
}

const sexLabels: Record<string, string> = equityGroupLabels.sex;

/** A group as shown: the sexes by name (M is Male); the other groupings' groups are their names. */
export const groupText = (by: EquityGrouping, group: string): string =>
  by === 'sex' ? (sexLabels[group] ?? group) : group;

/** A priority row's name: the code as described, or that none is recorded. */
export function priorityText(priority: string): string {
  if (priority === 'none' || priority === '') return noPriorityLabel;
  const code = priorityCodeSchema.safeParse(priority);
  return code.success ? priorityDescriptions[code.data] : priority;
}

/** A group's size: a hidden one's is not given, to protect patients' identities (decision 0052). */
export const sizeText = (n: number | typeof hiddenFigure): string =>
  n === hiddenFigure ? hiddenFigureText : n.toLocaleString('en-GB');

/** A figure of a group, or null where there is none to show (a small group's figures are hidden). */
export function figureText(value: number | null, decimals = 0): string | null {
  if (value === null) return null;
  return value.toLocaleString('en-GB', { maximumFractionDigits: decimals });
}
