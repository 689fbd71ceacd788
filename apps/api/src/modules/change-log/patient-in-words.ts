/**
 * How the change log names the patient whose pathway a change concerns (decision 0051): the
 * initials of their name and the last four digits of their NHS number, so that trust admins can
 * tell one patient's entries from another's and talk about them with the clinical team, while the
 * log, read by admins and by super admins of every trust, holds neither the name nor the number.
 * The entry keeps the pathway's full id, which the change log screen links to the patient's record.
 */

/** The pathway a change concerns, as its row holds it (the writers pass the row they locked). */
export interface PathwayOfChange {
  id: string;
  procedure_code: string;
  nhs_number: string | null;
  local_patient_identifier: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** Digits shown at the end of an identifier; the rest is left out. */
const shownDigits = 4;
/**
 * A local identifier is shown by its end only when at least as much stays hidden: its last 4 of 8
 * or more characters. A shorter one (the import takes any up to 30) is left out.
 */
const shortestLocalShown = 2 * shownDigits;

/** The first letter of a name, in capitals; null for a name with none (blank, or only punctuation). */
function initialOf(name: string | null): string | null {
  for (const character of name ?? '') {
    if (/\p{L}/u.test(character)) return character.toLocaleUpperCase('en-GB');
  }
  return null;
}

/** "NHS number ending 8864", else "hospital number ending 0042", else null. */
function identifierInWords(pathway: PathwayOfChange): string | null {
  const digits = (pathway.nhs_number ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `NHS number ending ${digits.slice(-shownDigits)}`;
  const local = (pathway.local_patient_identifier ?? '').trim();
  if (local.length >= shortestLocalShown) return `hospital number ending ${local.slice(-shownDigits)}`;
  return null;
}

/**
 * The patient in words: "patient J S, NHS number ending 8864"; "patient with NHS number ending
 * 8864" without a name; "patient J S" without an identifier it may show.
 */
export function patientInWords(pathway: PathwayOfChange): string {
  const initials = [initialOf(pathway.first_name), initialOf(pathway.last_name)].filter(Boolean).join(' ');
  const identifier = identifierInWords(pathway);
  if (initials && identifier) return `patient ${initials}, ${identifier}`;
  if (identifier) return `patient with ${identifier}`;
  if (initials) return `patient ${initials}`;
  return 'a patient with no name or number recorded';
}

/** The action of a change to a pathway: "Remodelled for patient J S, NHS number ending 8864 (knee)". */
export const pathwayChangeAction = (action: string, pathway: PathwayOfChange) =>
  `${action} for ${patientInWords(pathway)} (${pathway.procedure_code})`;
