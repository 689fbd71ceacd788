/**
 * The patient's risk summary as a PDF (docs/requirements.md §2 patient screens; issue "Patients: …
 * history and PDFs"): portrait A4, page 1 for the clinical team, the last page for the patient in
 * plain English (NHS content style: short sentences, "you"). pdfkit with the embedded Noto Sans
 * fonts as report-pdf.ts uses them, so Łukasz, Siobhán, Zoë and O'Brien print as written.
 *
 * The file is a tagged PDF: sections Sect, headings H1–H3, text P, advice lists, the identifiers
 * and the factors as tables (platform/pdf/tagged-flow.ts); rules, boxes, the risk band's shading and
 * the running footer are artifacts. Every block is measured before it is drawn and moved to the
 * next page whole; only a long table breaks, between rows.
 *
 * What the data says is printed without hidden text-direction characters, which a record stored
 * before the import removed them may still hold, and a value that would run on (a 1,990-character
 * name) is cut with an ellipsis, so the page keeps its shape. Every page has a header: the
 * masthead on the first page of each part, a running line on the pages a part runs on to
 * (docs/decisions/0043-names-that-cannot-disguise-themselves.md).
 */
import { PassThrough, type Readable } from 'node:stream';
import { clericalChangeText } from '@esr/contracts/clerical-changes';
import { showCalendarDate, showLondonDate, showLondonDateTime } from '@esr/contracts/london-dates';
import { demonstrationModelLabel, messages, productName } from '@esr/contracts/messages';
import { riskLabels, type Prediction } from '@esr/contracts/open-pathways';
import {
  anomalyReasonText,
  patientMessages,
  surgicalRiskFactorNotKept,
  modelVersionText,
  type HistoryEntry,
  type RiskResult,
  type RiskSummary,
} from '@esr/contracts/patients';
import {
  answerText,
  defaultsUsedIntro,
  bloodResultText,
  defaultUsedText,
  incompleteText,
  staleInputText,
  outsideModelRangeHeading,
  outsideModelRangeIntro,
  outsideModelRangeText,
  factorValueText,
  importanceLabels,
  percentage,
} from '@esr/contracts/patient-wording';
import { questionOf, remodelTabs } from '@esr/contracts/remodel';
import { withoutBidiControls } from '@esr/contracts/text-direction';
import { spacedNhsNumber } from '../reports/index.js';
import { createPdfDocument } from '../../platform/pdf/pdf-document.js';
import { onEveryBufferedPage } from '../../platform/pdf/page-numbers.js';
import {
  horizontalRule,
  nhsColour as colour,
  useStyle,
  type TextStyle,
} from '../../platform/pdf/pdf-text.js';
import { TaggedFlow } from '../../platform/pdf/tagged-flow.js';
import { suspendedText } from '@esr/contracts/prediction-suspension';
import { adviceForThePatient } from './patient-advice.js';

export interface RiskSummaryPdfInput {
  summary: RiskSummary | HistoryEntry;
  trustName: string;
  /** The procedure's name, e.g. "Knee replacement": the operation type on the summary. */
  procedureName: string;
  generatedAt: Date;
  /** The record the model read (a history entry's); defaults to the entry's own when it has them. */
  inputs?: HistoryEntry['inputs'];
}

const bandColours: Record<Prediction, { background: string; text: string }> = {
  high: { background: '#f7d4d1', text: '#6b140e' },
  medium: { background: '#ffdc8e', text: '#4d3708' },
  low: { background: '#cce2d8', text: '#005a30' },
};
const demonstrationLook = { background: '#fbe9e7', border: colour.red };
const incompleteLook = { background: '#dbe0e3', text: '#212b32' };

const margin = { top: 46, left: 50, right: 50, bottom: 66 };
const lineGap = 1.5;

const clinical = {
  h1: { size: 20, bold: true },
  h2: { size: 12.5, bold: true },
  h3: { size: 9.5, bold: true },
  body: { size: 10 },
  small: { size: 8.5 },
} satisfies Record<string, TextStyle>;
// The patient's page is set larger: many readers are older and read it on paper.
const patient = {
  h1: { size: 22, bold: true },
  h2: { size: 15, bold: true },
  body: { size: 11.5 },
} satisfies Record<string, TextStyle>;

type Element = PDFKit.PDFStructureElement;

/** docs/requirements.md §9: an instant as DD-MMM-YYYY HH:mm in UK time. */
function showInstant(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  return showLondonDateTime(date, 'minute');
}

/** The most characters a name, an identifier or a surgeon is printed with: two lines at most. */
export const maxPrintedChars = 80;

/** The text cut to `max` characters, the last of them an ellipsis (a surrogate pair kept whole). */
export function cutForPaper(text: string, max = maxPrintedChars): string {
  if (text.length <= max) return text;
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** Every string in the summary without direction controls (decision 0043); other values as they are. */
function withoutControls<T>(value: T): T {
  if (typeof value === 'string') return withoutBidiControls(value) as T;
  if (Array.isArray(value)) return value.map(withoutControls) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutControls(item)])) as T;
  return value;
}

function patientName(summary: RiskSummary): string {
  const name = [summary.firstName, summary.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name ? cutForPaper(name) : 'Not recorded';
}

/** The procedure inside a sentence: "Knee replacement" → "knee replacement" (acronyms kept). */
const inSentence = (name: string) =>
  /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;

const bandMeaning: Record<Prediction, string> = {
  high: 'This means your chance of a complication is higher than for most people having this operation.',
  medium: 'This means your chance of a complication is in the middle range for people having this operation.',
  low: 'This means your chance of a complication is lower than for most people having this operation.',
};

const generalAdvice = [
  'Stay as active as you can. Try to walk every day.',
  'If you smoke, try to stop. Your GP or a pharmacist can help you.',
  'Try to reach or keep a healthy weight.',
  'If you have diabetes or high blood pressure, keep it under control. Take your medicines as prescribed.',
  'Go to your pre-operative assessment appointment.',
];

/** What every part of the summary reads: the input, and the facts drawn from it once. */
interface Summary extends RiskSummaryPdfInput {
  flow: TaggedFlow;
  result: RiskResult | null;
  name: string;
  nhsNumber: string;
  /** The pages (from 1) that begin with the masthead; the others get a running header. */
  mastheadPages: Set<number>;
}

/** Where a part of the summary (the clinical team's, the patient's) begins and ends. */
interface PartPages {
  first: number;
  last: number;
  /** How far down its last page it reaches, in points from the top of the text area. */
  lastPageUsed: number;
}

interface LaidOut {
  doc: PDFKit.PDFDocument;
  summary: Summary;
  parts: PartPages[];
}

/**
 * The least a part's last page holds when the part runs on to it, as a share of the page's text
 * area: a page with only a few lines of a section on it is easily lost or taken for the end.
 */
const leastOfLastPage = 0.3;

function layOut(input: RiskSummaryPdfInput, shortPages: ReadonlyMap<number, number>): LaidOut {
  const doc = createPdfDocument({
    layout: 'portrait',
    margins: margin,
    title: `Risk summary – ${input.procedureName}`,
    author: input.trustName,
    createdAt: input.generatedAt,
    // Two or three pages: kept until the end so the footer can say "Page N of M".
    extra: { bufferPages: true, pdfVersion: '1.7', tagged: true },
  });
  const width = doc.page.width - margin.left - margin.right;
  const flow = new TaggedFlow(
    doc,
    { top: margin.top, left: margin.left, width, bottom: doc.page.height - margin.bottom },
    lineGap,
  );
  for (const [page, bottom] of shortPages) flow.shortenPage(page, bottom);
  const { summary } = input;
  const s: Summary = {
    ...input,
    inputs: input.inputs ?? ('inputs' in summary ? summary.inputs : undefined),
    flow,
    result: summary.status === 'processed' ? summary.result : null,
    name: patientName(summary),
    nhsNumber: summary.nhsNumber ? spacedNhsNumber(summary.nhsNumber) : 'Not recorded',
    mastheadPages: new Set(),
  };
  const part = (layPart: (s: Summary) => void): PartPages => {
    const first = flow.page;
    layPart(s);
    return { first, last: flow.page, lastPageUsed: flow.y - flow.area.top };
  };
  const clinicalPart = part(clinicalPage);
  flow.newPage();
  const patientPart = part(patientPage);
  return { doc, summary: s, parts: [clinicalPart, patientPart] };
}

/**
 * The pages to end early, so that a part running on to a page it fills only a few lines of takes
 * enough of its page before with it: blocks move whole, so at least that much moves.
 */
function pagesToShorten({ parts, summary }: LaidOut): Map<number, number> {
  const { area } = summary.flow;
  const least = (area.bottom - area.top) * leastOfLastPage;
  const shortPages = new Map<number, number>();
  for (const { first, last, lastPageUsed } of parts)
    if (last > first && lastPageUsed < least) shortPages.set(last - 1, area.bottom - (least - lastPageUsed));
  return shortPages;
}

export function riskSummaryPdf(printed: RiskSummaryPdfInput): Readable {
  const clean = withoutControls(printed);
  const input: RiskSummaryPdfInput = { ...clean, trustName: cutForPaper(clean.trustName) };
  // Laid out once to see where the pages end, and again only when a part would end on a page
  // holding just a few lines.
  const trial = layOut(input, new Map());
  const shortPages = pagesToShorten(trial);
  const { doc, summary } = shortPages.size ? layOut(input, shortPages) : trial;
  footers(summary);
  summary.flow.root.end();

  const output = new PassThrough();
  doc.on('error', (error: Error) => output.destroy(error));
  doc.pipe(output);
  doc.end();
  return output;
}

/** The product's name and the trust's across the top, over a blue rule. */
function masthead({ flow, trustName, mastheadPages }: Summary, parent: Element, style: TextStyle) {
  const { doc, area } = flow;
  mastheadPages.add(doc.bufferedPageRange().count);
  const half = { y: flow.y, width: area.width / 2 };
  flow.textAt(parent, productName, { ...style, bold: true, color: colour.blue }, { ...half, x: area.left });
  const below = doc.y;
  flow.textAt(
    parent,
    trustName,
    { ...style, color: colour.secondary },
    { ...half, x: area.left + area.width / 2 },
    { align: 'right' },
  );
  flow.y = Math.max(below, doc.y) + 6;
  const y = flow.y;
  flow.artifact(() =>
    horizontalRule(doc, {
      x1: area.left,
      x2: doc.page.width - margin.right,
      y,
      width: 2,
      color: colour.blue,
    }),
  );
  flow.y += 10;
}

// ---- Page 1: the clinical team's summary ---------------------------------------------------------

function clinicalPage(s: Summary) {
  const { flow, summary, result } = s;
  const team = flow.section();
  masthead(s, team, clinical.small);
  flow.heading(team, 'Risk summary', 'H1', clinical.h1);
  if (result?.model.demonstration)
    flow.callout(
      team,
      [{ text: demonstrationModelLabel, style: { ...clinical.body, bold: true, color: colour.red } }],
      demonstrationLook,
    );
  const aside = { ...clinical.body, color: colour.secondary };
  if ('isCurrent' in summary && !summary.isCurrent)
    flow.paragraph(
      team,
      'This is an earlier evaluation from the risk history, not the current result.',
      aside,
    );
  if (!summary.isActive) flow.paragraph(team, patientMessages.archived, aside);
  patientDetails(s, team);

  const outcome = flow.section(team);
  flow.heading(outcome, 'Result', 'H2', clinical.h2);
  if (result) {
    resultBand(s, outcome, result);
    contributingFactors(s, team, result);
    areasOfImprovement(s, team);
    modelDetails(s, team, result);
  } else notScored(s, outcome);
  if (s.inputs) modelInputs(s, team, s.inputs);
}

function patientDetails(s: Summary, team: Element) {
  const { flow, summary } = s;
  const details = flow.section(team);
  flow.heading(details, 'Patient details', 'H2', clinical.h2);
  flow.table(details, {
    header: null,
    rows: [
      ['Name', s.name],
      ['NHS number', s.nhsNumber],
      [
        'Local patient identifier',
        summary.medicalRecordNumber ? cutForPaper(summary.medicalRecordNumber) : 'Not recorded',
      ],
      ['Date of birth', summary.dateOfBirth ? showCalendarDate(summary.dateOfBirth) : 'Not recorded'],
      ['Operation type', s.procedureName],
      [
        'Consultant surgeon',
        'surgicalRiskFactorsShown' in summary && summary.surgicalRiskFactorsShown === 'not-kept'
          ? surgicalRiskFactorNotKept
          : summary.surgeonName
            ? cutForPaper(summary.surgeonName)
            : 'Not recorded',
      ],
    ],
    columns: [150, '*'],
    rowHeaders: true,
    size: clinical.body.size,
  });
}

/** The risk band as a coloured tag, the probabilities, and any warning about the record. */
function resultBand(s: Summary, outcome: Element, result: RiskResult) {
  const { flow } = s;
  const { doc, area } = flow;
  // Incomplete (decision 0057): a grey tag, and no probability, which was made with default values.
  const label = result.prediction === null ? 'Incomplete' : riskLabels[result.prediction];
  const look = result.prediction === null ? incompleteLook : bandColours[result.prediction];
  useStyle(doc, { size: 13, bold: true });
  const tagWidth = doc.widthOfString(label) + 20;
  const tagHeight = doc.currentLineHeight(true) + 8;
  flow.room(tagHeight + 40);
  const at = flow.y;
  flow.artifact(() => doc.roundedRect(area.left, at, tagWidth, tagHeight, 3).fill(look.background));
  flow.tag(outcome, 'P', () => {
    useStyle(doc, { size: 13, bold: true, color: look.text });
    doc.text(label, area.left + 10, at + 4, { lineBreak: false });
  });
  flow.y = at + tagHeight + 8;
  if (result.prediction === null)
    flow.paragraph(
      outcome,
      `${incompleteText(result.missingRequiredInputs)}: no risk is given.`,
      clinical.body,
    );
  else
    flow.labelledLine(
      outcome,
      'Probability of a complication within 90 days',
      percentage(result.probability),
      clinical.body,
      4,
    );
  if (result.averageProbability !== null)
    flow.labelledLine(
      outcome,
      `Average for ${s.procedureName} at this trust`,
      percentage(result.averageProbability),
      clinical.body,
      4,
    );
  // The clinician's view of the risk, labelled as theirs beside the model's (decision 0044).
  if (result.adjustment)
    flow.labelledLine(
      outcome,
      'Clinician’s view of the risk',
      `${riskLabels[result.adjustment.prediction]} (${result.adjustment.by}, ${showLondonDate(new Date(result.adjustment.on))}): ${result.adjustment.reason}`,
      clinical.body,
      4,
    );
  flow.y += 4;
  const warnings = [
    ...(result.isAnomaly ? [{ text: messages.anomalyBanner, style: { ...clinical.body, bold: true } }] : []),
    // The reason given with the flag (decision 0039).
    ...(result.isAnomaly && result.anomalyReason
      ? [{ text: anomalyReasonText(result.anomalyReason), style: clinical.body }]
      : []),
    // Details a clerical user changed, in bold until a clinician has reviewed them (decision 0056).
    ...s.summary.clericalChanges.map((change) => ({
      text: clericalChangeText(change),
      style: { ...clinical.body, bold: change.reviewedAt === null },
    })),
    ...(result.isDefaultValueUsed ? [{ text: messages.defaultValuesUsed, style: clinical.body }] : []),
    // Which inputs the model filled in, and with what (decision 0035).
    ...(result.isDefaultValueUsed && result.defaultsUsed.length
      ? [
          { text: defaultsUsedIntro, style: clinical.body },
          { items: result.defaultsUsed.map(defaultUsedText), style: clinical.body },
        ]
      : []),
    // Results too old to use (decision 0057).
    ...result.staleInputs.map((item) => ({ text: staleInputText(item), style: clinical.body })),
    // Values outside the data the model was developed on, as the summary names them.
    ...(result.outsideModelRange.length
      ? [
          { text: `${outsideModelRangeHeading}. ${outsideModelRangeIntro}`, style: clinical.body },
          { items: result.outsideModelRange.map(outsideModelRangeText), style: clinical.body },
        ]
      : []),
  ];
  if (warnings.length)
    flow.callout(outcome, warnings, { background: colour.warning, border: colour.warningBorder });
  // Every blood value with the day its sample was taken (decision 0057).
  if (result.bloodResults.length) {
    flow.paragraph(outcome, 'Blood results the model read:', clinical.body, { after: 2 });
    flow.list(
      outcome,
      result.bloodResults.map((item) => ({ text: bloodResultText(item) })),
      clinical.body,
    );
  }
}

function contributingFactors({ flow }: Summary, team: Element, result: RiskResult) {
  const factors = flow.section(team);
  flow.heading(factors, 'Contributing factors', 'H2', clinical.h2);
  if (result.featureImportance.length)
    flow.table(factors, {
      header: ['Factor', 'Importance', 'Value'],
      rows: result.featureImportance.map((factor) => [
        factor.displayName,
        importanceLabels[factor.importance],
        factorValueText(factor),
      ]),
      columns: ['*', 80, 170],
      size: clinical.body.size,
    });
  else flow.paragraph(factors, 'No factor had a high or moderate effect on this result.', clinical.body);
  if (result.featureImportance.some((factor) => factor.defaultUsed))
    flow.paragraph(
      factors,
      '(normalised value): the record had no value, so the model used its normalised default.',
      { ...clinical.small, color: colour.secondary },
    );
}

function areasOfImprovement({ flow, summary }: Summary, team: Element) {
  const improvement = flow.section(team);
  flow.heading(improvement, 'Areas of improvement', 'H2', clinical.h2);
  if (summary.areasOfImprovement.dos.length)
    flow.list(
      improvement,
      summary.areasOfImprovement.dos.map((advice) => ({ title: advice.title, text: advice.description })),
      clinical.body,
    );
  else
    flow.paragraph(
      improvement,
      'The model suggested no areas of improvement for this patient.',
      clinical.body,
    );
}

function modelDetails({ flow, generatedAt }: Summary, team: Element, result: RiskResult) {
  const model = flow.section(team);
  flow.heading(model, 'Model', 'H2', clinical.h2);
  flow.grid(
    model,
    [
      ['Model', result.model.name],
      ['Version', modelVersionText(result.model)],
      ['Evaluated', `${showInstant(result.evaluatedAt)} (UK time)`],
      ['Generated', `${showInstant(generatedAt)} (UK time)`],
    ],
    clinical.body,
    4,
  );
  if (result.model.demonstration)
    flow.paragraph(
      model,
      demonstrationModelLabel,
      { ...clinical.body, bold: true, color: colour.red },
      { after: 3 },
    );
}

/** No result: why not, and for a failed record what to check. */
function notScored({ flow, summary, generatedAt }: Summary, outcome: Element) {
  const wording =
    summary.status === 'suspended' && summary.suspendedOn
      ? `${suspendedText(summary.suspendedOn)}. No risk band or probability is shown until they lift the suspension.`
      : summary.status === 'failed'
        ? 'The model could not score this record.'
        : summary.status === 'processing'
          ? 'This record is being scored now. Download the summary again in a few minutes.'
          : 'This record has not been scored yet, so there is no result to show.';
  flow.callout(outcome, [{ text: wording, style: { ...clinical.body, bold: true } }], {
    background: colour.pale,
    border: colour.blue,
  });
  if (summary.status === 'failed' && summary.failure) {
    flow.paragraph(outcome, `Reason: ${summary.failure.reason}`, clinical.body);
    if (summary.failure.fields.length)
      flow.paragraph(
        outcome,
        `Fields to check: ${summary.failure.fields.map((field) => questionOf(field)?.label ?? field).join('; ')}`,
        clinical.body,
      );
  }
  flow.paragraph(outcome, `Generated ${showInstant(generatedAt)} (UK time)`, {
    ...clinical.small,
    color: colour.secondary,
  });
}

/** The record the model read, tab by tab as the remodel form asks it. */
function modelInputs({ flow }: Summary, team: Element, inputs: NonNullable<Summary['inputs']>) {
  const used = flow.section(team);
  flow.heading(used, 'Details the model used', 'H2', clinical.h2);
  for (const remodelTab of remodelTabs) {
    const group = flow.section(used);
    flow.heading(group, remodelTab.title, 'H3', clinical.h3);
    flow.grid(
      group,
      remodelTab.questions.map((question) => [
        question.label,
        answerText(question, inputs, showCalendarDate),
      ]),
      clinical.small,
    );
  }
}

// ---- Last page: for the patient ------------------------------------------------------------------

function patientPage(s: Summary) {
  const { flow, result } = s;
  const you = flow.section();
  masthead(s, you, { size: 10 });
  flow.heading(you, 'About your result', 'H1', patient.h1);
  for (const [label, value] of [
    ['Name', s.name],
    ['NHS number', s.nhsNumber],
    ['Operation', s.procedureName],
  ] as const) {
    const at = { x: flow.area.left, y: flow.y, width: flow.area.width };
    flow.y += flow.labelled(you, label, value, patient.body, at) + 2;
  }
  flow.y += 4;
  if (result?.model.demonstration)
    flow.callout(
      you,
      [
        { text: demonstrationModelLabel, style: { ...patient.body, bold: true, color: colour.red } },
        {
          text: 'This result was made by a demonstration model. It was built with made-up (synthetic) data to show how the service works. It must not be used to make decisions about your care.',
          style: patient.body,
        },
      ],
      demonstrationLook,
    );
  whatItMeans(s, you);
  beforeTheOperation(s, you);
  const contact = flow.section(you);
  flow.heading(contact, 'Who to contact', 'H2', patient.h2);
  flow.paragraph(
    contact,
    `If you have questions about this result, contact your hospital team at ${s.trustName}. Their details are on your appointment letter.`,
    patient.body,
    { after: 7 },
  );
  flow.paragraph(
    contact,
    'If you feel unwell and need help now, call 111. In an emergency, call 999.',
    patient.body,
  );
}

/** A band inside a sentence, in plain words. */
const bandWords: Record<Prediction, string> = { high: 'high', medium: 'moderate', low: 'low' };
const bandWord = (prediction: Prediction) => bandWords[prediction];

/** The chance as people count it: "about 16 in 100". */
function inAHundred(probability: number): string[] {
  const inHundred = Math.round(probability * 100);
  return inHundred < 1
    ? ['Out of 100 people with a result like yours, fewer than 1 may have a complication.']
    : [
        `Out of 100 people with a result like yours, about ${inHundred} may have a complication. About ${100 - inHundred} may not.`,
      ];
}

function whatItMeans({ flow, summary, result, procedureName }: Summary, you: Element) {
  const meaning = flow.section(you);
  flow.heading(meaning, 'What your result means', 'H2', patient.h2);
  const paragraphs: string[] = [];
  const prediction = result?.prediction ?? null;
  if (result && prediction === null) {
    paragraphs.push(
      'We cannot give you a result yet, because some information the estimate needs is missing from your record.',
      'Your hospital team will check your record, and you will get a result once it is complete.',
    );
  } else if (result && prediction !== null) {
    paragraphs.push(
      `This result estimates the chance of you having a complication in the 90 days after your ${inSentence(procedureName)} operation.`,
      `A computer tool worked out your chance from your health records. Its estimate is ${bandWord(prediction)}. ${bandMeaning[prediction]}`,
      ...inAHundred(result.probability),
    );
    // The clinician's view, as the risk summary gives it beside the tool's (decision 0044).
    const view = result.adjustment;
    if (view)
      paragraphs.push(
        view.prediction === prediction
          ? `Your care team have looked at this estimate with everything else they know about you. They agree that your chance is ${bandWord(view.prediction)}.`
          : `Your care team have looked at this estimate with everything else they know about you. They think your chance is ${bandWord(view.prediction)}, not ${bandWord(prediction)}. ${bandMeaning[view.prediction]} They will tell you why.`,
      );
    paragraphs.push(
      'This is an estimate, not a certainty. It cannot tell you what will happen to you. Your care team will talk it through with you: ask them about anything you are not sure about.',
    );
  } else
    paragraphs.push(
      summary.status === 'suspended'
        ? 'Your hospital is checking the tool that works out this result, so it is not shown for now. Your care team will talk with you about your operation.'
        : summary.status === 'failed'
          ? 'We could not work out your result from the information we have. Your hospital team will check your records.'
          : 'Your result is not ready yet. Your hospital team will tell you about it when it is.',
    );
  // Off the list (operated on, or removed): what to do before the operation no longer applies.
  if (!summary.isActive)
    paragraphs.push(
      'You are no longer on the waiting list for this operation. This result was worked out while you were waiting.',
    );
  for (const text of paragraphs) flow.paragraph(meaning, text, patient.body, { after: 6 });
}

/** What the patient can do while waiting: the model's advice in the patient's words, or general advice. */
function beforeTheOperation({ flow, summary, result }: Summary, you: Element) {
  if (!summary.isActive) return;
  const before = flow.section(you);
  flow.heading(before, 'What you can do before your operation', 'H2', patient.h2);
  const { items, othersLeftToTheTeam } = adviceForThePatient(result ? summary.areasOfImprovement.dos : []);
  const [intro, listed] = items.length
    ? ['Your care team may talk to you about these things:', items]
    : ['There are things you can do to help your recovery:', generalAdvice.map((text) => ({ text }))];
  flow.paragraph(before, intro, patient.body, { after: 6 });
  flow.list(before, listed, patient.body);
  if (othersLeftToTheTeam)
    flow.paragraph(
      before,
      'Your care team may also talk to you about other things that could help.',
      patient.body,
    );
}

// ---- On every page: a header where the masthead is not; who the page is about, and "Page N of M" --

function footers({ flow, name, nhsNumber, trustName, mastheadPages }: Summary) {
  const { doc, area } = flow;
  const right = doc.page.width - margin.right;
  const top = doc.page.height - margin.bottom + 22;
  onEveryBufferedPage(doc, (page, count) =>
    flow.artifact(() => {
      if (!mastheadPages.has(page)) {
        // A page a part runs on to: the product and the trust in a line above the text.
        const headerTop = margin.top - 24;
        useStyle(doc, { size: 8, bold: true, color: colour.blue });
        doc.text(productName, area.left, headerTop, { lineBreak: false });
        const productWidth = doc.widthOfString(productName);
        useStyle(doc, { size: 8, color: colour.secondary });
        doc.text(trustName, area.left + productWidth + 24, headerTop, {
          width: area.width - productWidth - 24,
          height: doc.currentLineHeight(true),
          align: 'right',
          ellipsis: true,
        });
        horizontalRule(doc, { x1: area.left, x2: right, y: margin.top - 10, width: 1, color: colour.blue });
      }
      horizontalRule(doc, { x1: area.left, x2: right, y: top - 8, width: 0.75, color: colour.border });
      useStyle(doc, { size: 8, color: colour.secondary });
      const label = `Page ${page} of ${count}`;
      const labelWidth = doc.widthOfString(label);
      doc.text(`${name} · NHS number ${nhsNumber}`, area.left, top, {
        width: area.width - labelWidth - 24,
        height: doc.currentLineHeight(true),
        ellipsis: true,
      });
      doc.text(label, right - labelWidth, top, { lineBreak: false });
    }),
  );
}
