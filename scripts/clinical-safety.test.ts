/**
 * The clinical safety case (docs/clinical-safety/, DCB0129) kept honest by `npm test`: the hazard
 * log parses and has every field; every rating is the risk matrix's; a residual rating of 4 or 5 is
 * never accepted, mitigated or closed (it stays open); every design and test control names tests of
 * this repository that exist, by their exact names, and run; and the committed markdown is what
 * scripts/hazard-log.mjs writes. The checks are in scripts/hazard-log.mjs, with the matrix; the
 * second half of this file shows each of them failing on a small bad example, so that a check that
 * let everything through would be seen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkHazardLog,
  consequences,
  documentProblems,
  fieldProblems,
  folder,
  likelihoods,
  markdownPath,
  parseHazardLog,
  planPath,
  ratingOf,
  ratingProblems,
  readHazardLog,
  reportPath,
  repositoryRoot,
  riskMatrix,
  statusProblems,
  testNamesIn,
  verificationProblems,
  type Hazard,
  type HazardLog,
} from './hazard-log.mjs';

const { log, problems: parsing } = readHazardLog();

describe('the hazard log (docs/clinical-safety/hazard-log.yaml)', () => {
  it('parses as YAML', () => {
    expect(parsing).toEqual([]);
  });

  it('gives every hazard every field, of its type, and no unknown one', () => {
    expect(fieldProblems(log)).toEqual([]);
  });

  it('rates every hazard, initial and residual, by the DCB0129 risk matrix', () => {
    expect(ratingProblems(log)).toEqual([]);
  });

  it('keeps every residual rating of 4 or 5 open, justifies a 3 that is not, and says what would close an open hazard', () => {
    expect(statusProblems(log)).toEqual([]);
  });

  it('verifies every design and test control by tests of this repository that exist and run', () => {
    expect(verificationProblems(log)).toEqual([]);
  });

  it("is committed as scripts/hazard-log.mjs writes it: hazard-log.md, the plan's matrix and the report's tables", async () => {
    expect(await documentProblems(log)).toEqual([]);
  });
});

describe('the risk matrix (clinical-risk-management-plan.md, "Risk matrix")', () => {
  it('is the DCB0129 lookup, likelihood by consequence, not their product', () => {
    expect(likelihoods).toEqual(['very low', 'low', 'medium', 'high', 'very high']);
    expect(consequences).toEqual(['minor', 'significant', 'considerable', 'major', 'catastrophic']);
    expect(riskMatrix).toEqual({
      'very high': [3, 4, 4, 5, 5],
      high: [2, 3, 3, 4, 5],
      medium: [2, 2, 3, 3, 4],
      low: [1, 2, 2, 3, 4],
      'very low': [1, 1, 2, 2, 3],
    });
    expect(ratingOf('medium', 'major')).toBe(3);
    expect(ratingOf('very low', 'catastrophic')).toBe(3);
    expect(ratingOf('very high', 'minor')).toBe(3);
  });

  it('knows the five words of each and no others', () => {
    expect(ratingOf('likely', 'major')).toBeUndefined();
    expect(ratingOf('low', 'severe')).toBeUndefined();
    expect(ratingOf('constructor', 'major')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// The check, shown failing
// ---------------------------------------------------------------------------------------------

const thisFile = 'scripts/clinical-safety.test.ts';
const namedHere = 'reads a name however Prettier broke the line, in either quote or a template';

/** A hazard the check passes: rated by the matrix, mitigated at 2, verified by a test of this file. */
function goodHazard(id = 'H001'): Hazard {
  return {
    id,
    title: 'A wrong patient matched on import',
    description: 'A row is applied to another patient.',
    causes: ['A mistyped NHS number.'],
    effect: 'A wrong prediction.',
    potentialHarm: 'A foreseeable complication.',
    initial: { likelihood: 'medium', consequence: 'major', rating: 3 },
    controls: {
      design: [
        { description: 'NHS numbers are checked.', verifiedBy: [{ path: thisFile, test: namedHere }] },
      ],
      test: [],
      training: ['Clerks read the invalid rows.'],
      businessProcess: [],
    },
    residual: { likelihood: 'very low', consequence: 'major', rating: 2 },
    status: 'mitigated',
    owner: 'Imports lead',
  };
}

/** A good hazard changed as `change` says, as the YAML would give it (anything may be wrong). */
function changed(change: (hazard: Record<string, unknown> & Hazard) => void): HazardLog {
  const hazard = structuredClone(goodHazard()) as Record<string, unknown> & Hazard;
  change(hazard);
  return { hazards: [hazard] };
}

describe('the check, on bad examples', () => {
  it('passes a good hazard', () => {
    expect(checkHazardLog({ hazards: [goodHazard()] })).toEqual([]);
  });

  it('fails a log that does not parse, and one without hazards', () => {
    const { log: none, problems } = parseHazardLog('hazards:\n  - id: H001\n   title: [unclosed\n');
    expect(none).toBeNull();
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^docs\/clinical-safety\/hazard-log\.yaml does not parse: /);
    expect(parseHazardLog('hazards:\n  - id: H001\n  - id: H001\n    id: H002\n').problems).not.toEqual([]);
    expect(fieldProblems(parseHazardLog('hazard: []\n').log)).toEqual([
      'docs/clinical-safety/hazard-log.yaml has unknown top-level keys: hazard',
      'docs/clinical-safety/hazard-log.yaml must list its hazards under "hazards"',
    ]);
  });

  it('fails a missing field, a misspelt one, an empty list of causes and a repeated or malformed id, naming the hazard', () => {
    const missing = changed((hazard) => {
      delete (hazard as Partial<Hazard>).potentialHarm;
      hazard.owners = 'Imports lead';
      hazard.causes = [];
    });
    expect(fieldProblems(missing)).toEqual([
      'H001: "causes" must be a non-empty list of text',
      'H001: misses the field "potentialHarm"',
      'H001: has unknown fields: owners',
    ]);
    const twice: HazardLog = { hazards: [goodHazard(), goodHazard(), goodHazard('HZ4')] };
    expect(fieldProblems(twice)).toEqual([
      'H001: the id is used by hazard 1 too',
      'HZ4: the id must be H followed by three digits',
    ]);
    const noControls = changed((hazard) => {
      delete (hazard.controls as Partial<Hazard['controls']>).training;
      delete (hazard.initial as Partial<Hazard['initial']>).rating;
    });
    expect(fieldProblems(noControls)).toEqual([
      'H001: misses the field "initial.rating"',
      'H001: "controls.training" must be a list (empty when there are none)',
    ]);
  });

  it('fails a likelihood or a consequence that is not one of the five words', () => {
    const words = changed((hazard) => {
      hazard.initial = { ...hazard.initial, likelihood: 'likely' as never };
      hazard.residual = { ...hazard.residual, consequence: 'severe' as never };
    });
    expect(ratingProblems(words)).toEqual([
      'H001: initial likelihood "likely" is not one of "very low", "low", "medium", "high", "very high"',
      'H001: residual consequence "severe" is not one of "minor", "significant", "considerable", "major", "catastrophic"',
    ]);
  });

  it("fails a rating that is not the matrix's, such as the product of the two", () => {
    const product = changed((hazard) => {
      hazard.initial = { likelihood: 'medium', consequence: 'major', rating: 12 };
      hazard.residual = { likelihood: 'low', consequence: 'major', rating: 2 };
    });
    expect(ratingProblems(product)).toEqual([
      "H001: initial rating 12 is not the matrix's: medium likelihood and major consequence rate 3",
      "H001: residual rating 2 is not the matrix's: low likelihood and major consequence rate 3",
    ]);
  });

  it('fails a residual rating higher than the initial one', () => {
    const worse = changed((hazard) => {
      hazard.residual = { likelihood: 'high', consequence: 'major', rating: 4 };
      hazard.status = 'open';
      hazard.furtherControls = ['Something.'];
    });
    expect(ratingProblems(worse)).toEqual([
      'H001: the residual rating 4 is higher than the initial rating 3',
    ]);
  });

  it('fails an accepted residual 4, and a mitigated or closed one: a residual 4 or 5 stays open', () => {
    const atFour = (status: Hazard['status']) =>
      changed((hazard) => {
        hazard.initial = { likelihood: 'very high', consequence: 'catastrophic', rating: 5 };
        hazard.residual = { likelihood: 'high', consequence: 'major', rating: 4 };
        hazard.status = status;
        hazard.justification = 'We would rather not.';
        hazard.furtherControls = ['A second check.'];
      });
    expect(statusProblems(atFour('accepted'))).toEqual([
      'H001: status "accepted" with residual rating 4: a residual rating of 4 or 5 is unacceptable and never accepted, mitigated or closed; the hazard stays open until its controls bring it to 3 or below',
    ]);
    expect(statusProblems(atFour('mitigated'))).toHaveLength(1);
    expect(statusProblems(atFour('closed'))).toHaveLength(1);
    expect(statusProblems(atFour('open'))).toEqual([]);
    expect(statusProblems(changed((hazard) => void (hazard.status = 'done' as never)))).toEqual([
      'H001: status "done" is not one of "open", "mitigated", "accepted", "closed"',
    ]);
  });

  it('fails a residual 3 accepted without a justification, and an open hazard that does not say what would close it', () => {
    const atThree = changed((hazard) => {
      hazard.residual = { likelihood: 'low', consequence: 'major', rating: 3 };
      hazard.status = 'accepted';
    });
    expect(statusProblems(atThree)).toEqual([
      'H001: status "accepted" with residual rating 3 needs a justification that the risk is as low as reasonably practicable',
    ]);
    atThree.hazards[0]!.justification = 'A further check would stop every import.';
    expect(statusProblems(atThree)).toEqual([]);
    expect(statusProblems(changed((hazard) => void (hazard.status = 'open')))).toEqual([
      'H001: is open without furtherControls: say what would close it',
    ]);
  });

  it('fails a residual rating brought down without any design or test control', () => {
    const unverified = changed((hazard) => {
      hazard.controls.design = [];
    });
    expect(statusProblems(unverified)).toEqual([
      'H001: the residual rating 2 is below the initial 3 without a design or test control',
    ]);
  });

  it('fails a design or test control without verifiedBy', () => {
    const bare = changed((hazard) => {
      hazard.controls.test = [{ description: 'Tested by hand.' } as never];
      hazard.controls.design[0]!.verifiedBy = [];
    });
    expect(verificationProblems(bare)).toEqual([
      'H001: "controls.design[1]" has no verifiedBy: name the test that verifies it',
      'H001: "controls.test[1]" has no verifiedBy: name the test that verifies it',
    ]);
  });

  describe('against test files', () => {
    let root: string;
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'clinical-safety-'));
      fs.mkdirSync(path.join(root, 'src'));
      fs.writeFileSync(
        path.join(root, 'src/import.test.ts'),
        [
          "describe('the import', () => {",
          "  it('refuses a wrong check digit', () => {});",
          "  it.skip('refuses a repeated digit', () => {});",
          '});',
          "describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {",
          "  it('applies the list once', () => {});",
          '});',
        ].join('\n'),
      );
      fs.writeFileSync(path.join(root, 'src/import.ts'), "export const it = 'not a test file';\n");
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    const citing = (...verifiedBy: { path: string; test: string; describe?: string }[]) =>
      changed((hazard) => {
        hazard.controls.design = [{ description: 'NHS numbers are checked.', verifiedBy }];
      });

    it('passes a test that is there, inside the describe block named', () => {
      expect(
        verificationProblems(
          citing(
            { path: 'src/import.test.ts', test: 'refuses a wrong check digit' },
            { path: 'src/import.test.ts', test: 'refuses a wrong check digit', describe: 'the import' },
          ),
          root,
        ),
      ).toEqual([]);
    });

    it('fails a test file that does not exist, a file that is not a test and a path outside the repository', () => {
      expect(
        verificationProblems(
          citing(
            { path: 'src/missing.test.ts', test: 'refuses a wrong check digit' },
            { path: 'src/import.ts', test: 'not a test file' },
            { path: '../elsewhere.test.ts', test: 'refuses a wrong check digit' },
          ),
          root,
        ),
      ).toEqual([
        'H001: the test file src/missing.test.ts does not exist',
        'H001: src/import.ts is not a test file (*.test.ts, *.test.tsx or *.spec.ts)',
        'H001: ../elsewhere.test.ts is not a path inside the repository',
      ]);
    });

    it('fails a test name the file does not hold exactly, or not inside the describe block named', () => {
      expect(
        verificationProblems(
          citing(
            { path: 'src/import.test.ts', test: 'refuses a wrong check digit.' },
            { path: 'src/import.test.ts', test: 'Refuses a wrong check digit' },
            { path: 'src/import.test.ts', test: 'refuses a wrong check digit', describe: 'the export' },
          ),
          root,
        ),
      ).toEqual([
        'H001: src/import.test.ts has no test named "refuses a wrong check digit."',
        'H001: src/import.test.ts has no test named "Refuses a wrong check digit"',
        'H001: src/import.test.ts has no test named "refuses a wrong check digit" inside describe "the export"',
      ]);
    });

    it('fails a test that is skipped, or runs only under a condition', () => {
      expect(
        verificationProblems(
          citing(
            { path: 'src/import.test.ts', test: 'refuses a repeated digit' },
            { path: 'src/import.test.ts', test: 'applies the list once' },
          ),
          root,
        ),
      ).toEqual([
        'H001: the test "refuses a repeated digit" of src/import.test.ts is skipped (.skip)',
        'H001: the test "applies the list once" of src/import.test.ts its describe block runs only under a condition (.runIf), so `npm test` may not run it',
      ]);
    });
  });

  it('fails committed documents that are not what the script writes from the log', async () => {
    const edited = structuredClone(log) as HazardLog;
    edited.hazards[0]!.title = `${edited.hazards[0]!.title}, edited`;
    expect(await documentProblems(edited)).toEqual(
      expect.arrayContaining([
        `${markdownPath} is not what scripts/hazard-log.mjs generates from docs/clinical-safety/hazard-log.yaml: run node scripts/hazard-log.mjs`,
        `${reportPath} is not what scripts/hazard-log.mjs generates from docs/clinical-safety/hazard-log.yaml: run node scripts/hazard-log.mjs`,
      ]),
    );
    expect(
      await documentProblems(changed((hazard) => void delete (hazard as Partial<Hazard>).owner)),
    ).toEqual([
      `${markdownPath} cannot be generated while docs/clinical-safety/hazard-log.yaml has field problems`,
    ]);
  });

  it('fails a plan or a report whose generated section has lost its markers', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'clinical-safety-documents-'));
    try {
      fs.mkdirSync(path.join(root, folder), { recursive: true });
      fs.copyFileSync(path.join(repositoryRoot, '.prettierrc.json'), path.join(root, '.prettierrc.json'));
      for (const file of [markdownPath, planPath, reportPath])
        fs.copyFileSync(path.join(repositoryRoot, file), path.join(root, file));
      const plan = fs.readFileSync(path.join(root, planPath), 'utf8');
      fs.writeFileSync(
        path.join(root, planPath),
        plan.replace('<!-- end of generated risk matrix -->', '<!-- the end -->'),
      );
      expect(await documentProblems(log, root)).toContain(
        `${planPath} misses the markers of its generated section "risk matrix"`,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('finding the tests of a file', () => {
  const names = (text: string, file = 'example.test.ts') =>
    testNamesIn(text, file).map(({ name, describes, skipped }) => ({ name, describes, skipped }));

  // The good hazard above cites this test by its name (namedHere), which must be written out here.
  it('reads a name however Prettier broke the line, in either quote or a template', () => {
    const text = [
      'it(',
      "  'a name on the next line, as Prettier breaks a long one',",
      '  async () => {},',
      ');',
      'it("a name in double quotes, with \\"escaped\\" quotes", () => {});',
      "test('a name with an apostrophe\\'s escape', () => {});",
      'it(`a template without a substitution`, () => {});',
      'it(`${name}: compiled = interpreter`, () => {});',
      "expect('not a test').toBe('not a test');",
    ].join('\n');
    expect(names(text).map((entry) => entry.name)).toEqual([
      'a name on the next line, as Prettier breaks a long one',
      'a name in double quotes, with "escaped" quotes',
      "a name with an apostrophe's escape",
      'a template without a substitution',
      '${name}: compiled = interpreter',
    ]);
  });

  it('names it.each and describe.each tests by their format strings, inside their describe blocks', () => {
    const text = [
      "describe.each(['knee', 'hip'])('the default %s model', (procedure) => {",
      "  it.each(['COPD', 'heart failure'])('never lowers the risk when adding %s', () => {});",
      "  describe('nested', () => { test.concurrent('runs', () => {}); });",
      '});',
    ].join('\n');
    expect(names(text)).toEqual([
      { name: 'never lowers the risk when adding %s', describes: ['the default %s model'], skipped: null },
      { name: 'runs', describes: ['the default %s model', 'nested'], skipped: null },
    ]);
  });

  it('says why a test would not run: skipped, todo, expected to fail, or under a condition, its own or its block’s', () => {
    const text = [
      "it.skip('skipped', () => {});",
      "it.todo('to do');",
      "it.fails('fails', () => {});",
      "it.skipIf(process.env.CI)('unless CI', () => {});",
      "describe.skipIf(!exists)('only with the file', () => { it('inside', () => {}); });",
      "it.only('only', () => {});",
    ].join('\n');
    expect(names(text, 'example.test.tsx').map(({ name, skipped }) => [name, skipped])).toEqual([
      ['skipped', 'is skipped (.skip)'],
      ['to do', 'is a todo (.todo)'],
      ['fails', 'is expected to fail (.fails)'],
      ['unless CI', 'runs only under a condition (.skipIf), so `npm test` may not run it'],
      ['inside', 'its describe block runs only under a condition (.skipIf), so `npm test` may not run it'],
      ['only', null],
    ]);
  });
});
