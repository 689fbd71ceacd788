import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileMessages, rowMessages } from '../src/messages.js';
import { bloodTests, errorsOf, minimalHeader, waitingList } from './helpers/collect.js';
import { testNhsNumber } from './helpers/nhs.js';
import { minimalWorkbook } from './helpers/zip-writer.js';

// Hostile files must fail quickly and without holding more than a bounded amount of memory.
describe('bounds', () => {
  it('refuses a file over the size cap before reading it', async () => {
    const started = performance.now();
    const result = await waitingList(Buffer.alloc(60 * 1024 * 1024, 0x41));
    expect(result.outcome.error).toBe(fileMessages.tooBig(50 * 1024 * 1024));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a 40 MB single line with no delimiters quickly, with bounded memory', async () => {
    const line = `${minimalHeader}\n${'x'.repeat(40 * 1024 * 1024)}\n${testNhsNumber(0)},A,B,01/01/1950,F,01/01/2024\n`;
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const result = await waitingList(line);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(400 * 1024 * 1024);
    expect(errorsOf(result, 2)).toEqual([`null: ${rowMessages.rowTooLong}`]);
    expect(result.rows.map((r) => r.rowNumber)).toEqual([3]);
  });

  it('survives an unclosed quote: the rest of the file is one over-long record, reported once per line', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `${testNhsNumber(i)},A,B,01/01/1950,F,01/01/2024`);
    const result = await waitingList(`${minimalHeader}\n"${rows.join('\n')}\n`, {
      limits: { maxColumns: 10, maxCellChars: 100 },
    });
    expect(result.outcome.status).toBe('VALIDATED_WITH_ERRORS');
    expect(result.invalidRows[0]!.errors[0]!.message).toBe(rowMessages.rowTooLong);
  });

  it('refuses a row with too many columns without keeping them, and a row of a million as too long', async () => {
    const head = 'NHS Number,Test Name,Result,Sample Date';
    const row = `${testNhsNumber(0)},Hb,130,01/01/2025`;
    const wide = await bloodTests(`${head}\n${row}${',1'.repeat(1_000)}\n`);
    expect(errorsOf(wide, 2)).toEqual([`null: ${rowMessages.tooManyColumns(1_004, 200)}`]);
    const huge = await bloodTests(`${head}\n${row}${',1'.repeat(1_000_000)}\n${row}\n`);
    expect(errorsOf(huge, 2)).toEqual([`null: ${rowMessages.rowTooLong}`]);
    expect(huge.rows[0]!.rowNumbers).toEqual([3]);
  });

  it('keeps no more of a workbook cell than the cap needs', async () => {
    // Random text, so the part compresses like real text rather than like a zip bomb.
    const name = randomBytes(2_250_000).toString('base64');
    const rows = [minimalHeader.split(','), [testNhsNumber(0), name, 'B', '01/01/1950', 'F', '01/01/2024']];
    const result = await waitingList(minimalWorkbook({ rows }), {}, 'x.xlsx');
    expect(errorsOf(result, 2)).toEqual([`firstName: ${rowMessages.cellTooLong('Forename', 2000)}`]);
    expect(result.invalidRows[0]!.values.firstName).toHaveLength(100);
  });

  it('fails quickly past the row cap', async () => {
    const rows = `${testNhsNumber(0)},Hb,130,g/L,01/01/2025\n`.repeat(200_000);
    const started = performance.now();
    const result = await bloodTests(`NHS Number,Test Name,Result,Unit,Sample Date\n${rows}`, {
      limits: { maxRows: 1000 },
    });
    expect(result.outcome.error).toBe(fileMessages.tooManyRows(1000));
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
