import { z } from 'zod';
import { bidiControlMessage, hasBidiControls } from './text-direction.js';
import { multiLine } from './text-rules.js';

/**
 * What a clinical safety officer writes to account for a decision on the model (declining a
 * version, suspending or restoring its predictions, acknowledging a signal), kept in the record:
 * required and up to 2,000 characters once trimmed, typed in a text area, so it may run over
 * several lines. `missing` answers an empty one, `tooLong` a longer one.
 */
export const safetyOfficerNote = (missing: string, tooLong: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(2000, tooLong)
    .refine((value) => !hasBidiControls(value), bidiControlMessage)
    .check(multiLine);
