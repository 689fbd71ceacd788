import { describe, expect, it } from 'vitest';
import { cellEnd, closingQuote, quotedText } from '../src/csv-cells.js';
import { expectLinearText, largeSize, within } from './helpers/linear-time.js';

const comma = ','.charCodeAt(0);

describe('CSV cells', () => {
  it('finds the closing quote past doubled quotes, line breaks and delimiters', () => {
    const text = '"say ""hi"", then\r\nbye"x,next';
    const close = closingQuote(text, 0);
    expect(close).toBe(text.indexOf('"x'));
    expect(quotedText(text, 0, close)).toBe('say "hi", then\r\nbye');
    // What follows the closing quote, up to the delimiter, as Excel keeps it.
    expect(text.slice(close + 1, cellEnd(text, close + 1, comma))).toBe('x');
  });

  it('says when the text ends before the cell closes, a doubled quote at the end included', () => {
    expect(closingQuote('"open', 0)).toBe(-1);
    expect(closingQuote('"open""', 0)).toBe(-1);
    expect(quotedText('"open""', 0, 7)).toBe('open"');
  });

  it('ends unquoted text at a delimiter, a line break or the end', () => {
    expect(cellEnd('ab;c', 0, ';'.charCodeAt(0))).toBe(2);
    expect(cellEnd('ab\r\nc', 0, comma)).toBe(2);
    expect(cellEnd('ab\nc', 1, comma)).toBe(2);
    expect(cellEnd('abc', 0, comma)).toBe(3);
    expect(cellEnd('', 0, comma)).toBe(0);
  });

  it('reads 100,000 characters of doubled quotes, delimiters or plain text in linear time', () => {
    // An unclosed cell of doubled quotes is the worst the search for its closing quote meets.
    expectLinearText(
      (n) => `"${'""'.repeat(n)}`,
      (text) => closingQuote(text, 0),
    );
    expectLinearText(
      (n) => `"${'a""'.repeat(n)}"`,
      (text) => quotedText(text, 0, closingQuote(text, 0)),
    );
    expectLinearText(
      (n) => 'x'.repeat(n),
      (text) => cellEnd(text, 0, comma),
    );
    const unclosed = `"${'""'.repeat(largeSize)}`;
    expect(within(1_000, () => closingQuote(unclosed, 0))).toBe(-1);
  });
});
