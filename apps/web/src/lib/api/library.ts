import { useQuery } from '@tanstack/react-query';
import type { Procedure } from '@esr/contracts/procedures';
import { endpoints } from '@esr/contracts/endpoints';
import { apiRequest } from '../api-client';
import type { SelectGroup } from '../../components/form-fields';
import { queryRoots } from './query-keys';

/** The procedures' query key: the same for every trust. */
export const proceduresKey = [...queryRoots.library, 'procedures'] as const;

/** Library data every area uses (docs/requirements.md §3 libraryData): procedures for type-of-operation selects. */
export function useProcedures() {
  return useQuery({
    queryKey: proceduresKey,
    queryFn: () => apiRequest(endpoints.library.procedures),
    staleTime: 5 * 60_000,
  });
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The procedures as radio choices, grouped by category, each category named above its first choice. */
export function procedureChoices(procedures: readonly Procedure[]): {
  value: string;
  label: string;
  groupLabel?: string;
}[] {
  return procedureGroups(procedures).flatMap((group) =>
    group.options.map((option, index) => (index === 0 ? { ...option, groupLabel: group.label } : option)),
  );
}

/** docs/requirements.md §3: procedures grouped by category, the category label capitalised. */
export function procedureGroups(procedures: readonly Procedure[]): SelectGroup[] {
  const groups = new Map<string, SelectGroup>();
  for (const procedure of procedures) {
    const label = capitalise(procedure.category);
    if (!groups.has(label)) groups.set(label, { label, options: [] });
    groups.get(label)!.options.push({ value: procedure.code, label: procedure.name });
  }
  return [...groups.values()];
}
