/**
 * A thread started ahead of an upload (`keepThreadReady`) reads a small made-up extract while it
 * waits, so that the reading code is compiled to machine code before a real file arrives: a fresh
 * thread otherwise reads its first rows through the interpreter and compiles the rest on the
 * process's helper threads, about a tenth of an upload's processor time, while the upload is read.
 * Nothing it reads is kept: the readers keep no state between files.
 */
import { comorbidityCodes } from '@esr/import-files/types';
import type { TaskContext } from '../../../platform/sandbox/serve-task.js';
import {
  readBloodTestFile,
  readWaitingListFile,
  type ImportStep,
  type PatientLineEnds,
} from './import-batch.js';

const patients = 400;
const tests = ['Haemoglobin', 'WBC', 'Platelets', 'Urea', 'Creatinine', 'eGFR', 'Sodium', 'Albumin', 'CRP'];

/** The nth NHS number of the 999 range (never issued), with its Modulus 11 check digit. */
function madeUpNhsNumber(n: number): string {
  for (let body = 999_000_000 + n * 11; ; body++) {
    const digits = String(body);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
    const check = 11 - (sum % 11);
    if (check !== 10) return digits + (check === 11 ? 0 : check);
  }
}

function madeUpFiles(): { list: Uint8Array; bloods: Uint8Array } {
  const list = [
    `NHS Number,Local Patient Identifier,Forename,Surname,Date of Birth,Sex,Height,Weight,Smoking,Referral Date,TCI Date,Consultant,${comorbidityCodes.join(',')}`,
  ];
  const bloods = ['NHS Number,Test Name,Result,Units,Sample Date'];
  for (let i = 0; i < patients; i++) {
    const nhs = madeUpNhsNumber(i);
    const flags = comorbidityCodes.map((_, k) => ((i + k) % 9 === 0 ? '1' : '0'));
    list.push(
      `${nhs},W${i},Alex,Example${i},${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/19${40 + (i % 50)},${i % 2 ? 'F' : 'M'},${150 + (i % 40)},${55 + (i % 50)},4,03/01/2026,,Mr A Surgeon,${flags.join(',')}`,
    );
    tests.forEach((test, k) => bloods.push(`${nhs},${test},${(10 + ((i * 7 + k) % 120)) / 2},,01/10/2026`));
  }
  const encoder = new TextEncoder();
  return {
    list: encoder.encode(`${list.join('\r\n')}\r\n`),
    bloods: encoder.encode(`${bloods.join('\r\n')}\r\n`),
  };
}

function discardingContext(later: PatientLineEnds | null): TaskContext<ImportStep> {
  let given = false;
  return {
    bufferBytes: 64 * 1024 * 1024,
    stage: () => undefined,
    emit: () => Promise.resolve(),
    receive: <T>() => Promise.resolve(later as T),
    // The bloods arrive part-way, as in a real upload: both ways of staging rows are run.
    arrived: <T>() => {
      const now = !given;
      given = true;
      return Promise.resolve(now ? { data: later as T } : undefined);
    },
    transferWithResult: () => undefined,
  };
}

export async function warmUpReading(kind: 'bloodTest' | 'waitingList'): Promise<void> {
  const { list, bloods } = madeUpFiles();
  const today = '2026-11-26';
  const read = await readBloodTestFile(
    { today, limits: {}, file: { fileName: 'warm-up.csv', bytes: bloods } },
    discardingContext(null),
  );
  if (kind === 'bloodTest') return;
  await readWaitingListFile(
    {
      today,
      limits: {},
      batchId: '00000000-0000-4000-8000-000000000000',
      procedure: 'knee',
      defaultedFields: [],
      stagedPartBytes: 256 * 1024,
      file: { fileName: 'warm-up.csv', bytes: list },
    },
    discardingContext(read.patients),
  );
}
