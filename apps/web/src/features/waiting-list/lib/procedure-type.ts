import { useParams } from 'react-router';
import { procedureCodeSchema, type ProcedureCode } from '@esr/contracts/procedures';
import { useProcedures } from '../../../lib/api/library';

/**
 * The procedure type of the address (/upload-patient-list/{type}/…), or null when the address
 * names no known type, and its name from the procedures library (undefined until it loads).
 */
export function useProcedureType(): { type: ProcedureCode | null; name: string | undefined } {
  const params = useParams();
  const parsed = procedureCodeSchema.safeParse(params.type);
  const procedures = useProcedures();
  if (!parsed.success) return { type: null, name: undefined };
  const name = procedures.data?.find((procedure) => procedure.code === parsed.data)?.name;
  return { type: parsed.data, name };
}
