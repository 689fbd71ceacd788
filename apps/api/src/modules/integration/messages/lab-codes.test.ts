import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labSpecs } from '@esr/import-files/headers';
import { labCodes } from '@esr/import-files/types';
import { labFieldOf } from '@esr/contracts/remodel';
import {
  codesSent,
  codesToRead,
  codeSystemKind,
  importUnit,
  labCodeTable,
  labForCode,
  loincSystem,
  snomedSystem,
  unitFactorFor,
} from './lab-codes.js';

describe('labCodeTable', () => {
  it('has one row for each of the nine inputs, in their order', () => {
    expect(labCodeTable.map((row) => row.lab)).toEqual([...labCodes]);
  });

  it('gives every code to one input only', () => {
    const seen = new Map<string, string>();
    for (const row of labCodeTable) {
      for (const key of [
        ...row.snomed.map((c) => `snomed|${c.code}`),
        ...row.loinc.map((c) => `loinc|${c.code}`),
        ...row.local.map((c) => `local|${c}`),
      ]) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, row.lab);
      }
    }
  });

  it('has well-formed codes: SNOMED CT identifiers and LOINC codes with their check digit', () => {
    const loincCheck = (code: string) => {
      // LOINC's mod 10 check digit (Luhn over the digits before the hyphen).
      const [digits, check] = code.split('-') as [string, string];
      let sum = 0;
      [...digits].reverse().forEach((d, i) => {
        let n = Number(d) * (i % 2 === 0 ? 2 : 1);
        if (n > 9) n -= 9;
        sum += n;
      });
      return (10 - (sum % 10)) % 10 === Number(check);
    };
    for (const row of labCodeTable) {
      for (const { code } of row.snomed) expect(code).toMatch(/^[1-9]\d{5,17}$/);
      for (const { code } of row.loinc) expect(loincCheck(code), code).toBe(true);
    }
  });

  it('keeps the SNOMED CT and LOINC codes the file import reads by name', () => {
    for (const spec of labSpecs) {
      for (const alias of spec.aliases.filter((a) => /^\d[\d-]*$/.test(a))) {
        const system = alias.includes('-') ? loincSystem : snomedSystem;
        expect(labForCode(system, alias), alias).toBe(spec.key);
      }
    }
  });

  it('converts every unit it lists with the file import’s factors', () => {
    for (const row of labCodeTable) {
      for (const unit of row.units) expect(unitFactorFor(row.lab, unit), `${row.lab} ${unit}`).not.toBeNull();
    }
  });
});

describe('codesSent', () => {
  it('marks at most one code of each system an input is sent under, and every input has one', () => {
    for (const row of labCodeTable) {
      expect(row.snomed.filter((term) => term.sent).length, row.lab).toBeLessThanOrEqual(1);
      expect(row.loinc.filter((term) => term.sent).length, row.lab).toBeLessThanOrEqual(1);
      const sent = codesSent(row.lab);
      expect(sent.snomed ?? sent.loinc, row.lab).not.toBeNull();
      // The codes were chosen for the input's own unit, the one the file import converts to.
      expect(unitFactorFor(row.lab, sent.unit), row.lab).toBe(1);
    }
  });

  it('sends no code that names a method or a specimen the product does not keep', () => {
    for (const row of labCodeTable) {
      const { snomed, loinc } = codesSent(row.lab);
      if (loinc) expect(loinc.term, row.lab).not.toMatch(/ by |\(/);
      if (snomed) expect(snomed.term, row.lab).not.toMatch(/serum|plasma/i);
    }
  });

  it('is what docs/integration.md "Codes we send" lists, under the names the product’s models give', () => {
    const markdown = fs.readFileSync(
      new URL('../../../../../../docs/integration.md', import.meta.url),
      'utf8',
    );
    const start = markdown.indexOf('#### Codes we send');
    const section = markdown.slice(start, markdown.indexOf('\n### ', start));
    const cell = (term: { code: string; term: string } | null) => (term ? `${term.code} ${term.term}` : '—');
    for (const row of labCodeTable) {
      const name = row.lab.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
      expect(labFieldOf(name), name).toBe(row.lab);
      const line = section.split('\n').find((text) => text.includes(`| \`${name}\` `));
      expect(line, name).toBeDefined();
      const cells = line!.split('|').map((text) => text.trim());
      const sent = codesSent(row.lab);
      expect(cells.slice(3, 5), name).toEqual([cell(sent.snomed), cell(sent.loinc)]);
      expect(cells[5], name).toContain(`(\`${sent.unit}\`)`);
    }
  });
});

describe('labForCode', () => {
  it.each([
    [snomedSystem, '1022431000000105', 'haemoglobin'],
    ['SCT', '1022541000000102', 'whiteBloodCount'],
    ['SNM', '1022651000000100', 'plateletCount'],
    ['http://snomed.info/sct', '1000961000000100', 'urea'],
    ['sct', '1001011000000107', 'creatinine'],
    [snomedSystem, '1020291000000106', 'egfr'],
    [snomedSystem, '1017381000000106', 'sodium'],
    [snomedSystem, '1013361000000105', 'albumin'],
    [snomedSystem, '999651000000107', 'crp'],
    [loincSystem, '718-7', 'haemoglobin'],
    ['LN', '26464-8', 'whiteBloodCount'],
    ['LN', '22664-7', 'urea'],
    ['LN', '14682-9', 'creatinine'],
    ['LN', '98979-8', 'egfr'],
    ['LN', '2951-2', 'sodium'],
    ['LN', '61151-7', 'albumin'],
    ['LN', '1988-5', 'crp'],
    ['L', 'HB', 'haemoglobin'],
    ['99WINPATH', 'WCC', 'whiteBloodCount'],
    ['', 'NA', 'sodium'],
    ['TELEPATH', 'CREAT', 'creatinine'],
  ])('%s %s is %s', (system, code, lab) => {
    expect(labForCode(system, code)).toBe(lab);
  });

  it.each([
    ['blood urea nitrogen', loincSystem, '3094-0'],
    ['urea nitrogen in blood', 'LN', '6299-2'],
    ['high-sensitivity CRP', 'LN', '30522-7'],
    ['cystatin C eGFR', snomedSystem, '1011491000000107'],
    ['MCV', snomedSystem, '1022491000000106'],
    ['serum potassium', 'SCT', '1000651000000109'],
    ['a local code under a SNOMED system', snomedSystem, 'HB'],
    ['a SNOMED code under a local system', 'L', '1022431000000105'],
    ['a local code in lower case', 'L', 'hb'],
    ['potassium', 'L', 'K'],
  ])('does not read %s', (_, system, code) => {
    expect(labForCode(system, code)).toBeNull();
  });
});

describe('codeSystemKind', () => {
  it('knows SNOMED CT and LOINC by URI, HL7 name and OID; anything else is local', () => {
    expect(
      ['http://snomed.info/sct', 'SCT', 'SNM', 'urn:oid:2.16.840.1.113883.6.96'].map(codeSystemKind),
    ).toEqual(Array(4).fill('snomed'));
    expect(['http://loinc.org', 'LN', '2.16.840.1.113883.6.1'].map(codeSystemKind)).toEqual(
      Array(3).fill('loinc'),
    );
    expect(['L', '99WP', 'https://fhir.rth.nhs.uk/CodeSystem/winpath', ''].map(codeSystemKind)).toEqual(
      Array(4).fill('local'),
    );
  });
});

describe('importUnit', () => {
  it('reads UCUM as the file import reads units', () => {
    expect(importUnit('mL/min/{1.73_m2}')).toBe('mL/min/1.73m2');
    expect(importUnit('10*9/L{cells}')).toBe('10*9/L');
    expect(unitFactorFor('whiteBloodCount', '10*9/L')).toBe(1);
    expect(unitFactorFor('haemoglobin', 'g/dL')).toBe(10);
    expect(unitFactorFor('creatinine', 'mg/dL')).toBe(88.4);
    expect(unitFactorFor('egfr', 'mL/min/{1.73_m2}')).toBe(1);
    expect(unitFactorFor('urea', 'mg/dL')).toBeNull();
    expect(unitFactorFor('crp', 'ug/mL')).toBeNull();
  });
});

describe('codesToRead', () => {
  it('reads local codes only when there is no SNOMED CT or LOINC code', () => {
    const local = { system: 'L', code: 'ALB' };
    const snomed = { system: 'SCT', code: '1028691000000100' };
    expect(codesToRead([local, snomed])).toEqual([snomed]);
    expect(codesToRead([local])).toEqual([local]);
  });
});
