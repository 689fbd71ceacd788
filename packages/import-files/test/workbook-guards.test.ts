import { describe, expect, it } from 'vitest';
import { fileMessages } from '../src/messages.js';
import { fixture, minimalHeader, waitingList } from './helpers/collect.js';
import { testNhsNumber } from './helpers/nhs.js';
import { minimalWorkbook, sheetXml, writeZip } from './helpers/zip-writer.js';

const header = minimalHeader.split(',');
const row = [testNhsNumber(0), 'Ann', 'Lee', '01/01/1950', 'F', '01/01/2024'];

async function failure(bytes: Buffer) {
  const result = await waitingList(bytes, {}, 'upload.xlsx');
  expect(result.outcome.status).toBe('FAILED');
  expect(result.rows).toEqual([]);
  return result.outcome.error;
}

describe('workbook guards (docs/requirements.md §5: zip bombs and unsafe parts are refused before parsing)', () => {
  it('reads a hand-made workbook with inline strings', async () => {
    const result = await waitingList(minimalWorkbook({ rows: [header, row] }), {}, 'upload.xlsx');
    expect(result.outcome.status).toBe('VALIDATED');
    expect(result.rows[0]!.record.nhsNumber).toBe(testNhsNumber(0));
  });

  it('refuses a part compressed far beyond any spreadsheet (declared ratio)', async () => {
    expect(await failure(fixture('zip-bomb.xlsx'))).toMatch(/compressed 9\d\d times.*zip bomb/);
  });

  it('counts bytes again while inflating: a part that lies about its size is refused', async () => {
    expect(await failure(fixture('zip-bomb-lying-size.xlsx'))).toBe(
      fileMessages.zipSizeMismatch('xl/worksheets/sheet1.xml'),
    );
  });

  it('refuses more unzipped bytes than the cap, and more parts than the cap', async () => {
    const bytes = minimalWorkbook({ rows: [header, row] });
    const small = await waitingList(bytes, { limits: { maxUnzippedBytes: 500 } }, 'upload.xlsx');
    expect(small.outcome.error).toBe(fileMessages.zipTooLarge(500));
    const few = await waitingList(bytes, { limits: { maxZipEntries: 3 } }, 'upload.xlsx');
    expect(few.outcome.error).toBe(fileMessages.zipTooManyEntries(3));
  });

  it('refuses DOCTYPE and ENTITY declarations (XML-entity guard)', async () => {
    expect(await failure(fixture('doctype-entity.xlsx'))).toBe(
      'The workbook contains XML declarations (DOCTYPE or ENTITY) that Excel never writes: it was refused as unsafe.',
    );
    const entity = minimalWorkbook({
      sheet: { name: 'xl/worksheets/sheet1.xml', data: sheetXml([header, row], '<!ENTITY x "y">') },
    });
    expect(await failure(entity)).toBe(fileMessages.xmlEntities);
  });

  it('refuses macros and packed files', async () => {
    expect(
      await failure(
        minimalWorkbook({ rows: [header, row], extra: [{ name: 'xl/vbaProject.bin', data: 'x' }] }),
      ),
    ).toBe(fileMessages.macros);
    expect(
      await failure(
        minimalWorkbook({ rows: [header, row], extra: [{ name: 'xl/embeddings/Book1.xlsx', data: 'PK' }] }),
      ),
    ).toBe(fileMessages.nestedArchive('xl/embeddings/Book1.xlsx'));
  });

  it('refuses encrypted zip entries', async () => {
    const bytes = minimalWorkbook({ rows: [header, row] });
    const encrypted = Buffer.from(bytes);
    // Set the "encrypted" flag in every central directory entry.
    for (
      let i = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      i >= 0;
      i = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 4)
    ) {
      encrypted[i + 8] = encrypted[i + 8]! | 1;
    }
    expect(await failure(encrypted)).toBe(fileMessages.zipEncryptedEntry);
  });

  it('refuses a truncated workbook as damaged', async () => {
    const bytes = minimalWorkbook({ rows: [header, row] });
    expect(await failure(bytes.subarray(0, bytes.length - 30))).toBe(fileMessages.zipDamaged);
  });

  it('refuses a password-protected workbook', async () => {
    expect(await failure(fixture('password-protected.xlsx'))).toBe(fileMessages.encrypted);
  });

  it('says when a zip has no workbook', async () => {
    const bytes = writeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml([header, row]) },
    ]);
    expect(await failure(bytes)).toBe(fileMessages.notWorkbook);
  });
});
