/**
 * The roots of the query keys that more than one feature hangs its keys from, written once.
 * Everything read from a trust's waiting list (its imports, open pathways, patients, prioritisation,
 * outcomes files and service status) is under that trust's root: confirming an import invalidates
 * `waitingList`, and a change to a patient or an outcomes file the trust's root, and every table and
 * counter that shows the same pathways is read again with it.
 */
export const queryRoots = {
  waitingList: ['waiting-list'] as const,
  trustWaitingList: (trust: string) => [...queryRoots.waitingList, trust] as const,
  /** Reference lists (docs/requirements.md §3 libraryData), the same for every trust. */
  library: ['library'] as const,
};
