import { z } from 'zod';
import { procedureCodes } from '@esr/contracts/procedures';

/** Our wording: the specification names the choice (docs/requirements.md §2) but not its message. */
export const selectProcedureMessage = 'Select the type of operation';

export const chooseProcedureSchema = z.object({
  procedure: z.enum(procedureCodes, { error: selectProcedureMessage }),
});
export type ChooseProcedure = z.input<typeof chooseProcedureSchema>;

/** docs/requirements.md §2: explains knee replacement and hip replacement beside the select. */
export const procedureHint =
  'Knee replacement is a total or partial replacement of the knee joint. Hip replacement is a total ' +
  'replacement or resurfacing of the hip joint. Choose knee and hip replacement for a pathway that ' +
  'lists both.';
