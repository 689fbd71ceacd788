/** A file's warnings counted by kind, as the validation summary gives them (decision 0037). */
import type { WarningGroup } from '@esr/contracts/waiting-list';
import type { WarningGroup as ReadWarningGroup } from '@esr/import-files/types';

/** A group as the validation stored it with the file's outcome. */
export type StoredWarningGroup = ReadWarningGroup;

export const warningGroupsOf = (stored: readonly StoredWarningGroup[]): WarningGroup[] =>
  stored.map((group) => ({
    kind: group.kind,
    field: group.field,
    count: group.count,
    message: group.message,
  }));
