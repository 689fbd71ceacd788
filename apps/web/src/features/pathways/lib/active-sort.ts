import {
  activeSortKeySchema,
  defaultActiveSort,
  defaultSortDirections,
  sortDirectionSchema,
  type ActiveSortKey,
  type SortDirection,
} from '@esr/contracts/open-pathways';

/**
 * The total records table's order (docs/decisions/0038-the-risk-leads-the-lists.md), kept in the
 * address beside the filters under the API's own names, `sort` and `direction`. No `sort` is the
 * list's own order, the longest wait first.
 */
export interface ActiveSort {
  sort: ActiveSortKey;
  direction: SortDirection;
}

/** The order an address asks for; anything the API would refuse is the list's own order. */
export function readActiveSort(params: URLSearchParams): ActiveSort {
  const sort = activeSortKeySchema.safeParse(params.get('sort'));
  if (!sort.success) return defaultActiveSort;
  const direction = sortDirectionSchema.safeParse(params.get('direction'));
  return {
    sort: sort.data,
    direction: direction.success ? direction.data : defaultSortDirections[sort.data],
  };
}

/** The address's parameters of an order: none for the list's own, no direction for a key's own. */
export function sortParams({ sort, direction }: ActiveSort): [string, string][] {
  if (sort === defaultActiveSort.sort && direction === defaultActiveSort.direction) return [];
  return direction === defaultSortDirections[sort]
    ? [['sort', sort]]
    : [
        ['sort', sort],
        ['direction', direction],
      ];
}

/** A header's button: the same key turns the order round; another starts in its own direction. */
export const nextSort = (current: ActiveSort, key: ActiveSortKey): ActiveSort =>
  current.sort === key
    ? { sort: key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { sort: key, direction: defaultSortDirections[key] };

/** Each order in words, as the table's count announces it and the narrow screen's sort offers it. */
const orderWords: Record<ActiveSortKey, Record<SortDirection, string>> = {
  risk: { desc: 'highest risk first', asc: 'lowest risk first' },
  wait: { desc: 'longest wait first', asc: 'shortest wait first' },
  tciDate: { asc: 'earliest TCI date first', desc: 'latest TCI date first' },
  surname: { asc: 'surname A to Z', desc: 'surname Z to A' },
};

export const describeSort = ({ sort, direction }: ActiveSort): string => orderWords[sort][direction];

/** The orders the narrow screen's sort offers, as `key:direction` values. */
export const sortChoices = (Object.keys(orderWords) as ActiveSortKey[]).flatMap((sort) =>
  (['desc', 'asc'] as const)
    .map((direction) => ({ sort, direction }))
    .sort((a, b) =>
      a.direction === defaultSortDirections[sort] ? -1 : b.direction === defaultSortDirections[sort] ? 1 : 0,
    )
    .map((order) => ({ value: `${order.sort}:${order.direction}`, label: capitalise(describeSort(order)) })),
);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A `key:direction` value of the narrow screen's sort; undefined when it names no order. */
export function sortFromChoice(value: string): ActiveSort | undefined {
  const [key, direction] = value.split(':');
  const sort = activeSortKeySchema.safeParse(key);
  const way = sortDirectionSchema.safeParse(direction);
  return sort.success && way.success ? { sort: sort.data, direction: way.data } : undefined;
}

/** The order as `aria-sort` says it of the column that holds it. */
export const ariaSortOf = (direction: SortDirection) => (direction === 'asc' ? 'ascending' : 'descending');
