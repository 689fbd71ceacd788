import { useParams } from 'react-router';
import { procedureCodeSchema, type ProcedureCode } from '@esr/contracts/procedures';
import { useProcedures } from './api/library';

/**
 * The procedure type of the address (/upload-patient-list/{type}/…, /manage-open-pathways/{type}/…),
 * or null when the address names no known type, and its name from the procedures library
 * (undefined until it loads).
 */
export function useProcedureType(): { type: ProcedureCode | null; name: string | undefined } {
  const params = useParams();
  const parsed = procedureCodeSchema.safeParse(params.type);
  const procedures = useProcedures();
  if (!parsed.success) return { type: null, name: undefined };
  const name = procedures.data?.find((procedure) => procedure.code === parsed.data)?.name;
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
