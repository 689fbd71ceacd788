/**
 * A PAS extract as a trust sends it (docs/import-format.md): its own column names, NHS numbers in
 * 3-3-4 from the 999 test range (and one real-format number), day-first dates.
 */
export const pasHeader =
  'NHS No,Hospital No,Forename,Surname,DOB,Gender,Height (cm),Weight (kg),Smoking Status,Procedure,Referral Date,TCI Date,Consultant,Hypertension,Heart Failure,COPD';

/** Five patients as rows of that extract, each with its own hospital number. */
export const pasPatients = {
  first:
    "943 476 5919,RAN100001,Siobhán,O'Brien,14/03/1951,F,160,72,4,Total knee replacement,02/01/2026,,Mr A Hamid,Y,N,N",
  second:
    '999 000 0018,RAN100002,Łukasz,Nowak,02/11/1948,M,178,91,2,Total knee replacement,15/02/2026,20/12/2026,Ms R Kaur,Y,Y,N',
  third:
    '999 000 0026,RAN100003,Zoë,Clarke,30/06/1960,F,165,80,1,Total knee replacement,20/03/2026,,Mr A Hamid,N,N,Y',
  fourth:
    '999 000 0034,RAN100004,Gareth,Price,11/09/1955,M,181,99,4,Total knee replacement,01/04/2026,,Ms R Kaur,N,N,N',
  fifth:
    '999 000 0042,RAN100005,Priya,Shah,22/07/1962,F,158,66,4,Total knee replacement,04/04/2026,,Mr A Hamid,N,N,N',
};

const sampled = new Date(Date.now() - 21 * 86_400_000);
/**
 * A blood sample's date three weeks before today, day-first: a model uses results of the last 90
 * days only (decision 0057), so results dated so are used whenever the tests run.
 */
export const recentSampleDate = `${String(sampled.getUTCDate()).padStart(2, '0')}/${String(sampled.getUTCMonth() + 1).padStart(2, '0')}/${sampled.getUTCFullYear()}`;
