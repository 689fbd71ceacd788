/**
 * What a link from a list (the prioritisation worklist) tells the page it opens: that the list, with
 * its filters and page, is the page before, so that going back returns to it as it was rather than
 * to the list's first page. Kept in lib/ because the list and the page it opens are in different
 * features.
 */
export interface CameFromList {
  fromList: true;
}

export const cameFromList: CameFromList = { fromList: true };

/** Whether the location's state says a list opened this page. */
export const isFromList = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<CameFromList>).fromList === true;
