/**
 * A result's value in its input's unit, by the file import's rules (docs/import-format.md "Result
 * values"): the same conversions, the same rule for a missing unit, the same range warning. One
 * difference: a unit we do not know refuses the message, where the file import warns and takes the
 * value as it is, because no one reviews a message before it is applied.
 */
import { guessUnit, impossibleValue, outsideRange, tidy } from '@esr/import-files/lab-values';
import type { LabCode } from '@esr/import-files/types';
import { acceptedUnits, labSpec, testName, unitFactorFor } from './lab-codes.js';
import { MessageError, type MessageLocation } from './lab-message.js';

export interface ConvertedValue {
  value: number;
  /** The unit as received, '' when none was. */
  unit: string;
  assumedUnit: string | null;
  outsideRange: boolean;
}

const listed = (units: string[]) =>
  units.length === 1 ? units[0]! : `${units.slice(0, -1).join(', ')} or ${units[units.length - 1]}`;

/** A code or unit as a message quotes it: never long, never a control character. */
export function quoted(text: string): string {
  let clean = '';
  for (const ch of text.slice(0, 40)) clean += ch < ' ' || ch === '\u007f' ? ' ' : ch;
  return `'${clean}${text.length > 40 ? '…' : ''}'`;
}

/**
 * `value` (as read, a limit's number for `<5`) in the input's unit. `unit` is null when the message
 * gave none; `where` names the result in an error ('OBX[3]'); `unitLocation` and `valueLocation`
 * are where its unit and value are. A value no patient can have refuses the message: applied, it
 * would move a patient's risk on a laboratory system's mistake.
 */
export function convertValue(
  lab: LabCode,
  value: number,
  unit: string | null,
  where: string,
  unitLocation: MessageLocation,
  valueLocation: MessageLocation,
): ConvertedValue {
  const spec = labSpec(lab);
  let converted = value;
  let assumedUnit: string | null = null;
  if (unit !== null) {
    const factor = unitFactorFor(lab, unit);
    if (factor === null) {
      throw new MessageError(
        'invalid',
        unitLocation,
        `${where}: the unit ${quoted(unit)} is not one we can read for ${spec.label}; send ${listed(acceptedUnits(lab))}.`,
        103,
      );
    }
    if (factor !== 1) converted = tidy(value * factor);
  } else {
    const guess = guessUnit(lab, value);
    if (guess) {
      converted = tidy(value * guess.factor);
      assumedUnit = guess.unit;
    }
  }
  if (impossibleValue(spec, converted)) {
    throw new MessageError(
      'invalid',
      valueLocation,
      `${where}: the ${testName(lab)} result is not a possible value (a patient's result is between ${spec.possibleMin} and ${spec.possibleMax} ${spec.unit}); check it in the laboratory system.`,
      102,
    );
  }
  return { value: converted, unit: unit ?? '', assumedUnit, outsideRange: outsideRange(spec, converted) };
}
