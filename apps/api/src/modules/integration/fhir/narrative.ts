/**
 * Text in the two formats FHIR carries it: XHTML for a resource's narrative and markdown for an
 * annotation. Values typed by people (a clinician's reason) go into both, so each is escaped for
 * its format: a receiving system must show them as text, never as markup or links.
 */

/** A paragraph of plain text, and an optional bulleted list under it. */
export interface TextBlock {
  paragraph: string;
  items?: string[];
  /** Shown in bold in the narrative (the demonstration label). */
  strong?: boolean;
}

const xhtmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Plain text for XHTML: only the XML entities exist there (https://hl7.org/fhir/R4/narrative.html#xhtml). */
export const xhtmlText = (text: string) => text.replace(/[&<>"]/g, (c) => xhtmlEntities[c]!);

/**
 * Plain text for markdown (CommonMark and GitHub's tables and strike-through): the characters that
 * start emphasis, code, links, HTML, entities, headings and tables escaped, and line breaks made
 * spaces so that no line can start a block of its own.
 */
export const markdownText = (text: string) => text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>#|~&]/g, '\\$&');

/** A narrative `div` of the blocks (https://hl7.org/fhir/R4/narrative.html). */
export function narrativeDiv(blocks: TextBlock[]): string {
  const html = blocks
    .map(({ paragraph, items, strong }) => {
      const text = strong ? `<strong>${xhtmlText(paragraph)}</strong>` : xhtmlText(paragraph);
      const list = items?.length
        ? `<ul>${items.map((item) => `<li>${xhtmlText(item)}</li>`).join('')}</ul>`
        : '';
      return `<p>${text}</p>${list}`;
    })
    .join('');
  return `<div xmlns="http://www.w3.org/1999/xhtml">${html}</div>`;
}

/** The block as an annotation's markdown. */
export function markdownBlock({ paragraph, items }: TextBlock): string {
  const list = items?.length ? `\n\n${items.map((item) => `- ${markdownText(item)}`).join('\n')}` : '';
  return `${markdownText(paragraph)}${list}`;
}
