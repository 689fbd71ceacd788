/**
 * The letter to the patient's GP (decision 0071): the risk factors found while the patient waits
 * for their operation, each with its value and date, the guidance it follows and what is asked,
 * so that the practice can start before the operation date. A tagged A4 PDF, laid out on a document
 * thread (platform/documents) as the risk summary is.
 */
import type { Readable } from 'node:stream';
import { showCalendarDate, showLondonDate } from '@esr/contracts/london-dates';
import { findingWithDate, optimisationStatusLabels, type PathwayFactor } from '@esr/contracts/optimisation';
import { nhsColour, type TextStyle } from '../../platform/pdf/pdf-text.js';
import { finishedPdf, patientFooters, printed, startedPdf } from './pdf-parts.js';

export interface GpLetterInput {
  trustName: string;
  procedureName: string;
  patient: { name: string; nhsNumber: string; dateOfBirth: string | null; tciDate: string | null };
  /** The factors not closed, in the rules' order. */
  factors: PathwayFactor[];
  weightNote: string;
  generatedAt: Date;
}

const margin = { top: 56, left: 60, right: 60, bottom: 60 };
const style = {
  h1: { size: 16, bold: true },
  h2: { size: 12, bold: true },
  body: { size: 10.5 },
  small: { size: 9, color: nhsColour.secondary },
} satisfies Record<string, TextStyle>;

export function gpLetterPdf(input: GpLetterInput): Readable {
  const flow = startedPdf({
    margin,
    title: 'Before surgery: risk factors to optimise',
    author: printed(input.trustName),
    createdAt: input.generatedAt,
  });
  const letter = flow.section();
  flow.paragraph(letter, printed(input.trustName), { ...style.h2, color: nhsColour.blue }, { after: 2 });
  flow.paragraph(letter, `Orthopaedic surgery · ${showLondonDate(input.generatedAt)}`, style.small, {
    after: 14,
  });
  flow.heading(letter, 'Before surgery: risk factors to optimise', 'H1', style.h1);
  const { patient } = input;
  for (const [label, value] of [
    ['Patient', printed(patient.name)],
    ['NHS number', patient.nhsNumber],
    ['Date of birth', patient.dateOfBirth ? showCalendarDate(patient.dateOfBirth) : 'Not recorded'],
    ['Waiting for', printed(input.procedureName)],
    ['Date of operation', patient.tciDate ? showCalendarDate(patient.tciDate) : 'Not yet booked'],
  ] as const)
    flow.labelledLine(letter, label, value, style.body, 2);
  flow.y += 8;
  flow.paragraph(letter, 'Dear Doctor,', style.body, { after: 6 });
  flow.paragraph(
    letter,
    input.factors.length > 0
      ? `Your patient is on our waiting list for ${printed(input.procedureName).toLowerCase()}. While they wait, we found the risk factors below, which can be improved before surgery and lower the risk of complications. We ask for your help with each, as described. National guidance asks that patients are optimised from the point of listing.`
      : `Your patient is on our waiting list for ${printed(input.procedureName).toLowerCase()}. No risk factor to optimise is open for them at present.`,
    style.body,
    { after: 8 },
  );
  for (const factor of input.factors) {
    const part = flow.section(letter);
    flow.heading(part, factor.label, 'H2', style.h2);
    flow.labelledLine(
      part,
      'Finding',
      factor.finding ? findingWithDate(factor.finding, factor.valueDate) : 'See the clinical record',
      style.body,
      2,
    );
    flow.labelledLine(part, 'What we ask', factor.ask, style.body, 2);
    flow.labelledLine(part, 'Guidance', factor.guidance, style.body, 2);
    const referral = factor.entries.find((entry) => entry.status === 'referred');
    flow.labelledLine(
      part,
      'Status',
      factor.status === 'referred' && referral?.service
        ? `Referred to ${printed(referral.service)}`
        : optimisationStatusLabels[factor.status],
      style.body,
      2,
    );
    flow.labelledLine(part, 'Please complete by', showCalendarDate(factor.dueOn), style.body, 2);
    if (factor.code === 'weight')
      flow.paragraph(part, input.weightNote, { ...style.body, bold: true }, { after: 2 });
  }
  flow.y += 8;
  flow.paragraph(
    letter,
    'Please send results and any change to the patient’s treatment to the pre-operative assessment team at the hospital. This letter does not change the patient’s place on the waiting list.',
    style.body,
    { after: 10 },
  );
  flow.paragraph(letter, 'Yours sincerely,', style.body, { after: 2 });
  flow.paragraph(letter, `The orthopaedic team, ${printed(input.trustName)}`, style.body);
  patientFooters(flow, `${printed(patient.name)} · NHS number ${patient.nhsNumber}`, {
    bottomMargin: margin.bottom,
    small: style.small,
  });
  return finishedPdf(flow);
}
