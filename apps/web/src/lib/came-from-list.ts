/**
 * What a link from a list (the prioritisation worklist) tells the page it opens: that the list, with
 * its filters and page, is the page before, so that going back returns to it as it was rather than
 * to the list's first page. Kept in lib/ because the list and the page it opens are in different
 * features.
 */
export interface CameFromList {
  fromList: true;
  /** The list's address as it was (its filters and page), for a link back to it. */
  listPath?: string;
}

/** What a list's link carries: that it came from the list at `listPath`. */
export const cameFromList = (listPath?: string): CameFromList =>
  listPath ? { fromList: true, listPath } : { fromList: true };

/** Whether the location's state says a list opened this page. */
export const isFromList = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<CameFromList>).fromList === true;

/** The address of the list that opened this page, filters and all, when it said. */
export const listPathOf = (state: unknown): string | null => {
  if (!isFromList(state)) return null;
  const path = (state as CameFromList).listPath;
  return typeof path === 'string' && path.startsWith('/') ? path : null;
};
