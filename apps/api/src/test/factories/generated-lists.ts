import { mulberry32 } from '@esr/contracts/seeded-random';
import { comorbidityCodes } from '@esr/import-files/types';

/**
 * A generated waiting list and its blood tests as a trust's extract would carry them (the columns of
 * docs/import-format.md), for tests that need thousands of pathways: ages 45–90, about six in ten
 * women, heights and weights spread as an orthopaedic list's, one comorbidity in ten, three recent
 * blood results each. Seeded, so that a list can be made again exactly.
 */
export interface GeneratedList {
  waitingListCsv: string;
  bloodTestCsv: string;
  nhsNumbers: string[];
}

/**
 * The `index`-th test NHS number (0 to 499,999): the 999 range, with a valid modulus-11 check digit.
 * Each index has two numbers of its own to choose from, as one in eleven has no valid check digit.
 */
export function testNhsNumber(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 500_000)
    throw new RangeError(`No test NHS number ${index}: the 999 range holds 500,000 of them here`);
  for (const body of [999_000_000 + index * 2, 999_000_000 + index * 2 + 1]) {
    const digits = String(body);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
    const check = 11 - (sum % 11);
    if (check !== 10) return digits + (check === 11 ? 0 : check);
  }
  throw new RangeError(`No valid check digit for test NHS number ${index}`);
}

const two = (n: number) => String(n).padStart(2, '0');
const forenames = ['Oliver', 'Amelia', 'Łukasz', 'Siobhán', 'Zoë', 'Priya', 'Mohammed', 'Grace'];
const surnames = ["O'Brien", 'Smith', 'Nowak', 'Patel', 'Jones', 'Evans', 'Khan', 'Clarke'];
const bloods = [
  ['Haemoglobin', 134, 14, 'g/L'],
  ['Creatinine', 82, 18, 'umol/L'],
  ['Albumin', 41, 4, 'g/L'],
] as const;

/**
 * `rows` pathways whose NHS numbers are the test numbers from `firstNumber` on (lists of different
 * trusts given ranges apart hold different patients).
 */
export function generatedWaitingList(
  rows: number,
  options: { seed: number; firstNumber: number },
): GeneratedList {
  const next = mulberry32(options.seed);
  const header = [
    'NHS Number',
    'Local Patient Identifier',
    'Forename',
    'Surname',
    'Date of Birth',
    'Sex',
    'Height',
    'Weight',
    'Smoking',
    'Referral Date',
    'TCI Date',
    'Consultant',
    ...comorbidityCodes,
  ];
  const list = [header.join(',')];
  const tests = ['NHS Number,Test Name,Result,Units,Sample Date'];
  // Taken three weeks before today, so that the results stay within the 90 days a model may use
  // them (decision 0057) whenever the tests run.
  const sampled = new Date(Date.now() - 21 * 86_400_000);
  const sampleDate = `${two(sampled.getUTCDate())}/${two(sampled.getUTCMonth() + 1)}/${sampled.getUTCFullYear()}`;
  const nhsNumbers: string[] = [];
  for (let i = 0; i < rows; i++) {
    const nhs = testNhsNumber(options.firstNumber + i);
    nhsNumbers.push(nhs);
    const sex = next() < 0.58 ? 'F' : 'M';
    const referral = new Date(Date.UTC(2025, 0, 1) + Math.floor(next() * 600) * 86_400_000);
    list.push(
      [
        nhs,
        `L${options.firstNumber + i}`,
        forenames[Math.floor(next() * forenames.length)]!,
        `"${surnames[Math.floor(next() * surnames.length)]!}"`,
        `${two(1 + Math.floor(next() * 28))}/${two(1 + Math.floor(next() * 12))}/${1936 + Math.floor(next() * 45)}`,
        sex,
        String(Math.round(sex === 'F' ? 152 + next() * 22 : 165 + next() * 22)),
        String(Math.round(55 + next() * 60)),
        String(1 + Math.floor(next() * 4)),
        `${two(referral.getUTCDate())}/${two(referral.getUTCMonth() + 1)}/${referral.getUTCFullYear()}`,
        next() < 0.3 ? '15/03/2027' : '',
        `Mr A Surgeon${Math.floor(next() * 40)}`,
        ...comorbidityCodes.map(() => (next() < 0.1 ? '1' : '0')),
      ].join(','),
    );
    for (const [name, mean, sd, units] of bloods)
      tests.push(`${nhs},${name},${(mean + (next() - 0.5) * 2 * sd).toFixed(1)},${units},${sampleDate}`);
    // eGFR, which the models require (decision 0057), from the row's place so that the seeded
    // values above stay as they were.
    tests.push(`${nhs},eGFR,${55 + (i % 40)},mL/min/1.73m2,${sampleDate}`);
  }
  return {
    waitingListCsv: `${list.join('\r\n')}\r\n`,
    bloodTestCsv: `${tests.join('\r\n')}\r\n`,
    nhsNumbers,
  };
}
