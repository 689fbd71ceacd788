import { describeSort, type ActiveSort } from './active-sort';

/**
 * How many records the table holds: all on the list, or those the filters match; and, when there is
 * more than one, in what order (announced with the count, so that a new order is heard).
 */
export function countText(count: number, filtered: boolean, sort?: ActiveSort): string {
  const one = count === 1;
  const words = filtered
    ? one
      ? 'record matches the filters'
      : 'records match the filters'
    : one
      ? 'record on the waiting list'
      : 'records on the waiting list';
  const order = sort && count > 1 ? `, ${describeSort(sort)}` : '';
  return `${count.toLocaleString('en-GB')} ${words}${order}`;
}
