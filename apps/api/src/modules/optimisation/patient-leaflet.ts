/**
 * "Before your operation: what you can do" (docs/optimisation.md): the page a clinician gives the
 * patient, naming for each risk factor still open what was found and what they can do, in plain
 * words (patient-leaflet-words.ts), who can help and by when. A tagged A4 PDF, laid out on a
 * document thread as the letter to the GP is.
 */
import type { Readable } from 'node:stream';
import type { OptimisationFactor } from '@esr/contracts/optimisation';
import { nhsColour, type TextStyle } from '../../platform/pdf/pdf-text.js';
import { finishedPdf, patientFooters, printed, startedPdf } from './pdf-parts.js';
import { factorsForPatients, patientLeafletWords as words } from './patient-leaflet-words.js';

export interface PatientLeafletFactor {
  code: OptimisationFactor;
  /** The service of the latest referral, if any. */
  service: string | null;
  /** The trust's contact for that service, if it gave one. */
  contact: string | null;
  dueOn: string;
  overdue: boolean;
}

export interface PatientLeafletInput {
  trustName: string;
  procedureName: string;
  patient: { name: string; nhsNumber: string; dateOfBirth: string | null; tciDate: string | null };
  /** The factors not closed, in the rules' order. */
  factors: PatientLeafletFactor[];
  generatedAt: Date;
}

const margin = { top: 56, left: 60, right: 60, bottom: 60 };
// Larger than the GP letter's: patient information is read by people with poor sight too.
const style = {
  h1: { size: 20, bold: true },
  h2: { size: 15, bold: true },
  h3: { size: 12.5, bold: true },
  body: { size: 12.5 },
  small: { size: 10, color: nhsColour.secondary },
} satisfies Record<string, TextStyle>;

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day as patients read it in NHS letters: `2026-03-05` → `5 March 2026`. */
export function dayInWords(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date || !months[month - 1]) return day;
  return `${date} ${months[month - 1]} ${year}`;
}

export function patientLeafletPdf(input: PatientLeafletInput): Readable {
  const flow = startedPdf({
    margin,
    title: words.title,
    author: printed(input.trustName),
    createdAt: input.generatedAt,
  });
  const page = flow.section();
  flow.paragraph(page, printed(input.trustName), { ...style.h3, color: nhsColour.blue }, { after: 14 });
  flow.heading(page, words.title, 'H1', style.h1);
  const { patient } = input;
  for (const [label, value] of [
    ['Name', printed(patient.name)],
    ['NHS number', patient.nhsNumber],
    ['Date of birth', patient.dateOfBirth ? dayInWords(patient.dateOfBirth) : 'Not recorded'],
    ['Your operation', printed(input.procedureName)],
    ...(patient.tciDate ? [['Date of your operation', dayInWords(patient.tciDate)] as const] : []),
  ] as const)
    flow.labelledLine(page, label, value, style.body, 3);
  flow.y += 10;
  flow.paragraph(page, input.factors.length > 0 ? words.intro : words.noFactors, style.body, { after: 10 });
  for (const factor of input.factors) {
    const part = flow.section(page);
    const text = factorsForPatients[factor.code];
    flow.heading(part, text.heading, 'H2', style.h2);
    flow.paragraph(part, text.found, style.body, { after: 6 });
    flow.heading(part, words.whatYouCanDo, 'H3', style.h3);
    flow.paragraph(part, text.whatYouCanDo, style.body, { after: 6 });
    if (factor.code === 'weight')
      flow.callout(part, [{ text: words.weightNeverDelays, style: { ...style.body, bold: true } }], {
        background: nhsColour.pale,
        border: nhsColour.blue,
      });
    // Who can help and by when, kept on one page: a patient reads them together.
    const help = [
      ...(factor.service ? [words.referredTo(printed(factor.service))] : []),
      factor.service && factor.contact ? words.contact(printed(factor.contact)) : words.askTheTeam,
      factor.overdue ? words.soon : words.by(dayInWords(factor.dueOn)),
    ];
    flow.room(
      help.reduce(
        (sum, line) => sum + flow.heightOf(line, style.body) + 3,
        24 + flow.heightOf(words.whoCanHelp, style.h3),
      ),
    );
    flow.heading(part, words.whoCanHelp, 'H3', style.h3);
    help.forEach((line, index) =>
      flow.paragraph(part, line, style.body, { after: index === help.length - 1 ? 12 : 3 }),
    );
  }
  flow.heading(page, words.questionsHeading, 'H2', style.h2);
  flow.paragraph(page, words.questions, style.body, { after: 6 });
  flow.paragraph(page, `Your hospital team: the orthopaedic team, ${printed(input.trustName)}`, style.body);
  patientFooters(flow, `${printed(patient.name)} · NHS number ${patient.nhsNumber}`, {
    bottomMargin: margin.bottom,
    small: style.small,
  });
  return finishedPdf(flow);
}
