/**
 * Invisible characters that change the direction text is shown in
 * (docs/decisions/0043-names-that-cannot-disguise-themselves.md). A right-to-left override
 * (U+202E) in a name makes `Mr ` + U+202E + `kcaj` read "Mr jack": no name, surgeon or other free
 * text the product holds needs one. The import removes them (with a row warning), the API refuses
 * them (400 naming the field), and every report and PDF removes them from what it prints, since
 * data stored before the rule may still hold them.
 *
 * The set: the embeddings and overrides LRE, RLE, PDF, LRO, RLO (U+202A–U+202E), the isolates
 * LRI, RLI, FSI, PDI (U+2066–U+2069), and the marks LRM, RLM and ALM (U+200E, U+200F, U+061C).
 */
export const bidiControlPattern = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const bidiControls = new RegExp(bidiControlPattern.source, 'g');

/** True when the text holds a direction control. */
export function hasBidiControls(text: string): boolean {
  return bidiControlPattern.test(text);
}

/** The text without its direction controls; the same string when it has none. */
export function withoutBidiControls(text: string): string {
  return bidiControlPattern.test(text) ? text.replace(bidiControls, '') : text;
}

/** Said under a field the API refuses for holding one (docs/decisions/0043). */
export const bidiControlMessage = 'Must not contain hidden text-direction characters';
