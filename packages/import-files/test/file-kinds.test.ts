import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { compoundFileNames } from '../src/cfb.js';
import { fileMessages } from '../src/messages.js';
import { detectFileKind } from '../src/sniff.js';
import { writeCompoundFile } from './helpers/cfb-writer.js';
import { fixture } from './helpers/collect.js';
import { writeZip } from './helpers/zip-writer.js';

const fail = (error: string) => ({ ok: false, error });

describe('file kinds, by content not name', () => {
  it('knows the accepted kinds', () => {
    expect(detectFileKind(fixture('pas-extract-cp1252.csv'))).toEqual({ ok: true, kind: 'csv' });
    expect(detectFileKind(fixture('wlmds-utf8-bom.csv'))).toEqual({ ok: true, kind: 'csv' });
    expect(detectFileKind(fixture('ptl-two-sheets.xlsx'))).toEqual({ ok: true, kind: 'xlsx' });
    expect(detectFileKind(fixture('legacy-pas.xls'))).toEqual({ ok: true, kind: 'xls' });
    expect(detectFileKind(Buffer.from('\uFEFFa,b', 'utf16le'))).toEqual({ ok: true, kind: 'csv' });
  });

  it('names a PDF renamed .csv', () => {
    expect(detectFileKind(fixture('scanned-list.csv'))).toEqual(fail(fileMessages.pdf));
  });

  it('names a password-protected workbook (a compound file holding an EncryptedPackage)', () => {
    const bytes = fixture('password-protected.xlsx');
    expect(compoundFileNames(bytes)).toEqual(['Root Entry', 'EncryptionInfo', 'EncryptedPackage']);
    expect(detectFileKind(bytes)).toEqual(
      fail('The workbook is password-protected: remove the password and upload it again.'),
    );
  });

  it('names other Office files and archives', () => {
    expect(detectFileKind(writeCompoundFile([{ name: 'WordDocument', data: Buffer.alloc(10) }]))).toEqual(
      fail(fileMessages.word),
    );
    expect(
      detectFileKind(writeCompoundFile([{ name: 'PowerPoint Document', data: Buffer.alloc(10) }])),
    ).toEqual(fail(fileMessages.powerPoint));
    expect(detectFileKind(writeCompoundFile([{ name: 'Contents', data: Buffer.alloc(10) }]))).toEqual(
      fail(fileMessages.otherOffice),
    );
    expect(detectFileKind(writeZip([{ name: 'word/document.xml', data: '<w/>' }]))).toEqual(
      fail(fileMessages.word),
    );
    expect(detectFileKind(writeZip([{ name: 'ppt/presentation.xml', data: '<p/>' }]))).toEqual(
      fail(fileMessages.powerPoint),
    );
    expect(
      detectFileKind(
        writeZip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', store: true }]),
      ),
    ).toEqual(fail(fileMessages.openDocument));
    expect(detectFileKind(writeZip([{ name: 'xl/workbook.bin', data: 'x' }]))).toEqual(
      fail(fileMessages.xlsb),
    );
    expect(detectFileKind(writeZip([{ name: 'list.csv', data: 'a,b' }]))).toEqual(
      fail(fileMessages.otherZip),
    );
    expect(detectFileKind(Buffer.from([0x1f, 0x8b, 8, 0]))).toEqual(fail(fileMessages.archive));
    expect(detectFileKind(Buffer.from('PK\x03\x04 not really a zip'))).toEqual(fail(fileMessages.zipDamaged));
  });

  it('names pictures', () => {
    expect(detectFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual(
      fail(fileMessages.image),
    );
    expect(detectFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toEqual(fail(fileMessages.image));
    expect(detectFileKind(Buffer.from('GIF89a'))).toEqual(fail(fileMessages.image));
  });

  it('names web pages and XML spreadsheets saved with an .xls name', () => {
    expect(
      detectFileKind(Buffer.from('<html><body><table><tr><td>1</td></tr></table></body></html>')),
    ).toEqual(fail(fileMessages.html));
    expect(
      detectFileKind(
        Buffer.from(
          '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"></Workbook>',
        ),
      ),
    ).toEqual(fail(fileMessages.xmlSpreadsheet));
    expect(detectFileKind(Buffer.from('{\\rtf1\\ansi hello}'))).toEqual(fail(fileMessages.rtf));
  });

  it('refuses binary data and empty files', () => {
    expect(detectFileKind(Buffer.alloc(0))).toEqual(fail(fileMessages.empty));
    expect(detectFileKind(Buffer.from(Array.from({ length: 200 }, (_, i) => i % 7)))).toEqual(
      fail(fileMessages.binary),
    );
  });

  it('knows an .xls SheetJS writes', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a']]), 'S');
    expect(detectFileKind(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer)).toEqual({
      ok: true,
      kind: 'xls',
    });
  });
});
