import { withoutBidiControls } from '@esr/contracts/text-direction';

/**
 * Text that came from the data, not from the product: a patient's name, a surgeon, a local
 * identifier, an anomaly reason, a file name, a user's name. It is shown isolated (`<bdi>`), so
 * that it cannot reorder the words around it, and without hidden text-direction characters, which
 * a record stored before the import removed them may still hold: `Mr ` + U+202E + `kcaj` would
 * otherwise read "Mr jack" (docs/decisions/0043-names-that-cannot-disguise-themselves.md).
 */
export function DataText({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return <bdi>{withoutBidiControls(text)}</bdi>;
}

/** The same text for a place that takes a string: a page title, an accessible name, a count. */
export const dataText = (text: string | null | undefined): string => (text ? withoutBidiControls(text) : '');
