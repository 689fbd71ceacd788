/**
 * One cell of delimited text as RFC 4180 has it, and as Excel reads it: a quoted cell may hold
 * delimiters, line breaks and doubled quotes, and text after its closing quote is kept. The import's
 * tokenizer reads cells with these, and so does whatever must find a CSV's cells as the import does.
 */
const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * The closing quote of the quoted cell whose opening quote is at `open`, doubled quotes passed over;
 * -1 when the text ends before the cell closes.
 */
export function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0 || text.charCodeAt(quote + 1) !== QUOTE) return quote;
    from = quote + 2;
  }
}

/** What a quoted cell holds between its quotes at `open` and `close`, each doubled quote read as one. */
export const quotedText = (text: string, open: number, close: number): string =>
  text.slice(open + 1, close).replaceAll('""', '"');

/** Where unquoted text that starts at `from` ends: at a delimiter, a line break or the end. */
export function cellEnd(text: string, from: number, delimiter: number): number {
  const n = text.length;
  let at = from;
  while (at < n) {
    const c = text.charCodeAt(at);
    if (c === delimiter || c === LF || c === CR) break;
    at++;
  }
  return at;
}
