export type PageItem = number | 'dots';

/**
 * docs/requirements.md §9: pagination shows one sibling page either side of the current one, the first and last
 * pages, and dots for the gaps (a gap of exactly one page shows that page instead).
 */
export function paginationRange(current: number, totalPages: number, siblings = 1): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.max(1, page - siblings);
  const end = Math.min(totalPages, page + siblings);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    if (start === 3) items.push(2);
    else if (start > 3) items.push('dots');
  }
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < totalPages) {
    if (end === totalPages - 2) items.push(totalPages - 1);
    else if (end < totalPages - 2) items.push('dots');
    items.push(totalPages);
  }
  return items;
}

export const totalPagesOf = (totalCount: number, pageSize: number) =>
  Math.max(1, Math.ceil(totalCount / pageSize));
