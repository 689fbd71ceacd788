import { csvFile, importList, type ClericalTrust } from './waiting-list.js';
import type { TestApp } from '../helper.js';

/**
 * Three knee patients as a PAS extract names them, with their haemoglobin and eGFR taken three
 * weeks before today: the inputs the models require, recent enough to use (decision 0057), so that
 * every pathway is scored with its band and probability shown.
 */
const pasHeader =
  'NHS No,Hospital No,Forename,Surname,DOB,Gender,Height (cm),Weight (kg),Smoking Status,Procedure,Referral Date,TCI Date,Consultant,Hypertension';
const patients = [
  '999 000 0026,RAN300001,Siobhán,O’Brien,14/03/1951,F,160,72,4,Total knee replacement,02/01/2026,,Mr A Hamid,Y',
  '999 000 0018,RAN300002,Łukasz,Nowak,02/11/1948,M,178,91,2,Total knee replacement,15/02/2026,,Ms R Kaur,Y',
  '999 000 0034,RAN300003,Zoë,Clarke,30/06/1960,F,165,80,1,Total knee replacement,20/03/2026,,Mr A Hamid,N',
];

function bloodRows(): string[] {
  const sampled = new Date(Date.now() - 21 * 86_400_000);
  const day = `${String(sampled.getUTCDate()).padStart(2, '0')}/${String(sampled.getUTCMonth() + 1).padStart(2, '0')}/${sampled.getUTCFullYear()}`;
  return (
    [
      ['9990000026', 128, 74],
      ['9990000018', 141, 63],
      ['9990000034', 119, 88],
    ] as const
  ).flatMap(([nhs, hb, egfr]) => [`${nhs},Hb,${hb},g/L,${day}`, `${nhs},eGFR,${egfr},mL/min/1.73m2,${day}`]);
}

/** Imports the three patients to the trust's knee list through the real pipeline, every one scored. */
export const importScoredKneeList = (t: TestApp, who: ClericalTrust) =>
  importList(
    t,
    who,
    'knee',
    csvFile('ptl.csv', [pasHeader, ...patients]),
    csvFile('pathology.csv', ['NHS Number,Test Name,Result,Units,Sample Date', ...bloodRows()]),
  );
