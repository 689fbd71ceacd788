import { useParams } from 'react-router';
import { procedureCodeSchema, type ProcedureCode } from '@esr/contracts/procedures';
import { useProcedures } from './api/library';
import { usePageTitleDetail } from './page-title';

/**
 * The procedure type of the address (/upload-patient-list/{type}/…, /manage-open-pathways/{type}/…),
 * or null when the address names no known type, and its name from the procedures library
 * (undefined until it loads). The page's title names it too, once known
 * (docs/decisions/0036-page-titles-focus-and-not-found.md).
 */
export function useProcedureType(): { type: ProcedureCode | null; name: string | undefined } {
  const params = useParams();
  const parsed = procedureCodeSchema.safeParse(params.type);
  const procedures = useProcedures();
  const name = parsed.success
    ? procedures.data?.find((procedure) => procedure.code === parsed.data)?.name
    : undefined;
  usePageTitleDetail(name);
  if (!parsed.success) return { type: null, name: undefined };
  return { type: parsed.data, name };
}

/**
 * The name of a procedure code ('knee' is 'Knee replacement'), from the procedures library; a code
 * it does not know, or any other text, is shown as it is.
 */
export function useProcedureNameOf(): (code: string) => string {
  const procedures = useProcedures();
  return (code) => procedures.data?.find((procedure) => procedure.code === code)?.name ?? code;
}
