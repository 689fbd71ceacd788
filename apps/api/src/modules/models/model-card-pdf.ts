/** The developer's figures by their names in words: auroc is AUROC, calibrationSlope Calibration slope. */
const metricNames: Record<string, string> = {
  auroc: 'AUROC',
  brier: 'Brier score',
  calibrationSlope: 'Calibration slope',
  calibrationIntercept: 'Calibration intercept',
};
export function metricName(key: string): string {
  const known = metricNames[key];
  if (known) return known;
  // Any other figure a developer reports: its camelCase or snake_case name as words.
  const words: string[] = [];
  let word = '';
  for (const character of key) {
    const upper = character >= 'A' && character <= 'Z';
    if (character === '_' || character === ' ' || upper) {
      if (word) words.push(word);
      word = upper ? character.toLowerCase() : '';
    } else word += character;
  }
  if (word) words.push(word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A model card as a printable PDF (decision 0046): the card's sections in order, as a tagged PDF
 * (headings, paragraphs, lists, tables) with the embedded fonts the other documents use, page
 * numbers in the footer. Made on a document thread (model-card.document.ts, decision 0041).
 */
import { PassThrough, type Readable } from 'node:stream';
import { showLondonDateTime } from '@esr/contracts/london-dates';
import { productName } from '@esr/contracts/messages';
import { groupingLabels, type Grouping } from '@esr/contracts/model-performance';
import type { TripodCard } from '@esr/contracts/models';
import { hiddenFigure, hiddenFigureMeaning, hiddenFigureText } from '@esr/contracts/small-groups';
import { createPdfDocument } from '../../platform/pdf/pdf-document.js';
import { onEveryBufferedPage } from '../../platform/pdf/page-numbers.js';
import { nhsColour, useStyle } from '../../platform/pdf/pdf-text.js';
import { TaggedFlow } from '../../platform/pdf/tagged-flow.js';

export interface ModelCardPdfInput {
  card: TripodCard;
  trustName: string;
  generatedAt: Date;
}

const margin = { top: 46, left: 50, right: 50, bottom: 60 };
const style = {
  h1: { size: 18, bold: true },
  h2: { size: 12.5, bold: true },
  body: { size: 9.5 },
  small: { size: 8 },
};
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const interval = (estimate: { value: number; lower: number; upper: number } | null, digits: number) =>
  estimate
    ? `${estimate.value.toFixed(digits)} (95% interval ${estimate.lower.toFixed(digits)} to ${estimate.upper.toFixed(digits)})`
    : 'Not calculated';
const orNot = (value: number | null, digits: number) => (value === null ? 'Not calculated' : value.toFixed(digits));

/** The card's document and its flow, with the section its parts are written into. */
function cardDocument(card: TripodCard, trustName: string, generatedAt: Date) {
  const doc = createPdfDocument({
    layout: 'portrait',
    margins: margin,
    title: `Model card – ${card.procedureName} version ${card.version}`,
    author: trustName,
    createdAt: generatedAt,
    extra: { bufferPages: true, pdfVersion: '1.7', tagged: true },
  });
  const width = doc.page.width - margin.left - margin.right;
  const flow = new TaggedFlow(
    doc,
    { top: margin.top, left: margin.left, width, bottom: doc.page.height - margin.bottom },
    1.5,
  );
  const section = flow.section();

  return {
    doc,
    flow,
    section,
    width,
    heading: (text: string) => flow.heading(section, text, 'H2', style.h2),
    paragraph: (text: string) => flow.paragraph(section, text, style.body),
    table: (header: string[], rows: string[][], columns: (number | '*')[]) =>
      flow.table(section, { header, rows, columns, size: style.body.size, rowHeaders: true }),
  };
}

type CardWriter = ReturnType<typeof cardDocument>;

/** The title, the demonstration label and the version's facts. */
function writeSummary({ flow, section }: CardWriter, card: TripodCard, trustName: string) {
  flow.paragraph(section, `${productName} · ${trustName}`, { ...style.small, color: nhsColour.blue });
  flow.heading(section, `Model card: ${card.procedureName}, version ${card.version}`, 'H1', style.h1);
  if (card.label) flow.callout(section, [{ text: card.label, style: { ...style.body, bold: true } }], {
    background: '#fbe9e7',
    border: nhsColour.red,
  });
  flow.grid(
    section,
    [
      ['Model', `${card.name} (${card.modelVersion})`],
      ['Status', card.isActive ? 'Active' : 'Not active'],
      ['Source', card.source === 'uploaded' ? 'Uploaded' : `Recalibrated from version ${card.baseVersion}`],
      ['Type', `${card.modelType}, ${card.library}`],
      ['Uploaded', `${showLondonDateTime(new Date(card.uploadedAt))} by ${card.uploadedBy}`],
      ['Model SHA-256', card.modelSha256],
    ],
    style.small,
  );
}

/** What it is for, what it predicts, for whom, and from what. */
function writeUseAndPredictors({ heading, paragraph, table }: CardWriter, card: TripodCard) {
  heading('Intended use and users');
  paragraph(card.intendedUse);
  paragraph(card.intendedUsers);
  heading('Outcome and time frame');
  paragraph(`${card.outcome} ${card.timeFrame}`);
  heading('Who it was made for');
  paragraph(card.population);
  heading('Predictors');
  table(
    ['Predictor', 'Unit', 'Used when missing', 'Modifiable'],
    card.predictors.map((predictor) => [
      predictor.displayName,
      predictor.unit || '–',
      predictor.defaultWhenMissing === null ? 'Handled by the model' : String(predictor.defaultWhenMissing),
      predictor.modifiable ? 'Yes' : 'No',
    ]),
    ['*', 70, 110, 60],
  );
  paragraph(
    `Risk bands: high from ${percent(card.thresholds.high)}, moderate from ${percent(card.thresholds.moderate)}, low below.`,
  );
}

/** How it did where it was developed. */
function writeDevelopment({ heading, paragraph, table }: CardWriter, card: TripodCard) {
  heading('Development data and performance');
  paragraph(
    [card.developmentData.description, card.developmentData.size ? `${card.developmentData.size.toLocaleString('en-GB')} patients.` : null]
      .filter(Boolean)
      .join(' ') || 'Not stated by the developer.',
  );
  if (card.developmentPerformance)
    table(
      ['Figure', 'Value'],
      Object.entries(card.developmentPerformance).map(([name, value]) => [metricName(name), value.toFixed(3)]),
      ['*', 120],
    );
}

/** How it does on this trust's outcomes, overall and by group. */
function writeLocalPerformance({ heading, paragraph, table }: CardWriter, card: TripodCard) {
  heading('Performance on this trust’s outcomes');
  const local = card.localPerformance;
  if (!local) paragraph('No outcomes of this version’s predictions have been recorded yet.');
  else {
    table(
      ['Figure', 'Value'],
      [
        ['Patients judged', local.n.toLocaleString('en-GB')],
        ['Complications', local.events.toLocaleString('en-GB')],
        ['Observed ÷ expected', interval(local.oe && { value: local.oe.ratio, lower: local.oe.lower, upper: local.oe.upper }, 2)],
        ['AUROC', interval(local.auroc, 3)],
        ['Calibration intercept', orNot(local.calibrationIntercept, 2)],
        ['Calibration slope', orNot(local.calibrationSlope, 2)],
        ['Brier score', orNot(local.brier, 3)],
      ],
      ['*', 220],
    );
    if (!local.enoughEvents) paragraph('Fewer than 100 complications: these figures are uncertain.');
    if (local.groups.some((group) => group.n === hiddenFigure)) paragraph(hiddenFigureMeaning('patients'));
    table(
      ['Group', 'Patients', 'O/E', 'AUROC', 'Flag'],
      local.groups.map((group) => [
        `${groupingLabels[group.by as Grouping] ?? group.by}: ${group.group}`,
        group.n === hiddenFigure ? hiddenFigureText : group.n.toLocaleString('en-GB'),
        group.n === hiddenFigure ? '' : orNot(group.oe, 2),
        group.n === hiddenFigure ? '' : orNot(group.auroc, 3),
        group.flagged ? 'Check' : '',
      ]),
      ['*', 70, 50, 50, 45],
    );
  }
}

/** Its limitations, its history and the TRIPOD+AI items the card covers. */
function writeLimitations({ flow, section, heading, table }: CardWriter, card: TripodCard) {
  heading('Known limitations');
  flow.list(section, card.limitations.map((text) => ({ text })), style.body);
  heading('How it was made and updated');
  flow.list(section, card.updates.map((text) => ({ text })), style.body);
  heading('TRIPOD+AI items');
  table(
    ['Item', 'On this card'],
    card.tripodItems.map((entry) => [entry.item, entry.detail]),
    ['*', 220],
  );
}

/** The running footer on every page: the card, when it was printed, the page. */
function writeFooter({ doc, flow, width }: CardWriter, card: TripodCard, generatedAt: Date) {
  // The running footer is an artifact: a screen reader reads the card, not the page furniture.
  onEveryBufferedPage(doc, (page, count) =>
    flow.artifact(() => {
      useStyle(doc, { ...style.small, color: nhsColour.secondary });
      doc.text(
        `Model card, ${card.procedureName} version ${card.version} · printed ${showLondonDateTime(generatedAt)} · page ${page} of ${count}`,
        margin.left,
        doc.page.height - margin.bottom + 20,
        { width, lineBreak: false },
      );
    }),
  );
}

export function modelCardPdf({ card, trustName, generatedAt }: ModelCardPdfInput): Readable {
  const writer = cardDocument(card, trustName, generatedAt);
  writeSummary(writer, card, trustName);
  writeUseAndPredictors(writer, card);
  writeDevelopment(writer, card);
  writeLocalPerformance(writer, card);
  writeLimitations(writer, card);
  writer.flow.root.end();
  writeFooter(writer, card, generatedAt);
  const { doc } = writer;
  const output = new PassThrough();
  doc.on('error', (error: Error) => output.destroy(error));
  doc.pipe(output);
  doc.end();
  return output;
}
