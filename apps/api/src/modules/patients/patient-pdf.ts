/**
 * The patient's risk summary as a PDF (spec §2 patient screens; issue "Patients: … history and
 * PDFs"): portrait A4, page 1 for the clinical team, the last page for the patient in plain English
 * (NHS content style: short sentences, "you"). pdfkit with the embedded Noto Sans fonts as
 * report-pdf.ts uses them, so Łukasz, Siobhán, Zoë and O'Brien print as written.
 *
 * The file is a tagged PDF (PDF 1.7 structure tree, ISO 32000-1 §14.8; WCAG 2.2 1.3.1): sections
 * Sect, headings H1–H3, text P, advice lists L/LI/Lbl/LBody, the identifiers and the factors
 * Table/TR/TH/TD with header scopes (pdfkit's own table tagging); rules, boxes, the risk band's
 * shading and the running footer are artifacts. Every block is measured before it is drawn and
 * moved to the next page whole; only a long table breaks, between rows.
 */
import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { demonstrationModelLabel, messages, productName } from '@esr/contracts/messages';
import { riskLabels, type Prediction } from '@esr/contracts/open-pathways';
import {
  patientMessages,
  type HistoryEntry,
  type RiskResult,
  type RiskSummary,
} from '@esr/contracts/patients';
import { answerText, factorValueText, importanceLabels, percentage } from '@esr/contracts/patient-wording';
import { questionOf, remodelTabs } from '@esr/contracts/remodel';
import { londonWallClock, showDate, spacedNhsNumber } from '../reports/index.js';
import { registerFonts } from '../../platform/pdf/pdf-fonts.js';

export interface RiskSummaryPdfInput {
  summary: RiskSummary | HistoryEntry;
  trustName: string;
  /** The procedure's name, e.g. "Knee replacement": the operation type on the summary. */
  procedureName: string;
  generatedAt: Date;
  /** The record the model read (a history entry's); defaults to the entry's own when it has them. */
  inputs?: HistoryEntry['inputs'];
}

// NHS identity colours (service-manual.nhs.uk/design-system/styles/colour).
const colour = {
  ink: '#212b32',
  secondary: '#4c6272',
  blue: '#005eb8',
  red: '#d5281b',
  border: '#d8dde0',
  pale: '#f0f4f5',
  warning: '#fff9c4',
  warningBorder: '#ffeb3b',
};
const bandColours: Record<Prediction, { background: string; text: string }> = {
  high: { background: '#f7d4d1', text: '#6b140e' },
  medium: { background: '#ffdc8e', text: '#4d3708' },
  low: { background: '#cce2d8', text: '#005a30' },
};

const margin = { top: 46, left: 50, right: 50, bottom: 66 };
const lineGap = 1.5;

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}
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
/** pdfkit ≥0.17 tags a table under `structParent`; its published types predate the option. */
type TaggedTableOptions = PDFKit.Mixins.TableOptions & { structParent: Element };
type HeaderCell = PDFKit.Mixins.CellOptions & { type: 'TH'; scope: 'column' | 'row' };

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** spec §9: an instant as DD-MMM-YYYY HH:mm in UK time. */
function showInstant(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  const t = londonWallClock(date);
  return `${t.day}-${months[Number(t.month) - 1]}-${t.year} ${t.hour}:${t.minute}`;
}

function patientName(summary: RiskSummary): string {
  const name = [summary.firstName, summary.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || 'Not recorded';
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

export function riskSummaryPdf(input: RiskSummaryPdfInput): Readable {
  const { summary, trustName, procedureName, generatedAt } = input;
  const inputs = input.inputs ?? ('inputs' in summary ? summary.inputs : undefined);
  const result: RiskResult | null = summary.status === 'processed' ? summary.result : null;
  const name = patientName(summary);
  const nhsNumber = summary.nhsNumber ? spacedNhsNumber(summary.nhsNumber) : 'Not recorded';

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: margin,
    // Two or three pages: kept until the end so the footer can say "Page N of M".
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      // No patient identifiers in the metadata, which file indexers read without opening the file.
      Title: `Risk summary – ${procedureName}`,
      Author: trustName,
      Creator: productName,
      CreationDate: generatedAt,
    },
  });
  registerFonts(doc);

  const pageWidth = doc.page.width;
  const pageHeight = doc.page.height;
  const width = pageWidth - margin.left - margin.right;
  const bottom = pageHeight - margin.bottom;
  let y = margin.top;

  const root = doc.struct('Document');
  doc.addStructure(root);

  function setFont(style: TextStyle) {
    doc
      .font(style.bold ? 'Bold' : 'Body')
      .fontSize(style.size)
      .fillColor(style.color ?? colour.ink);
  }

  function heightOf(text: string, style: TextStyle, textWidth = width): number {
    setFont(style);
    return doc.heightOfString(text, { width: textWidth, lineGap });
  }

  function newPage() {
    doc.addPage();
    y = margin.top;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  function room(height: number) {
    if (y + height > bottom && y > margin.top) newPage();
  }

  /** Drawing that carries no meaning (rules, shading, the footer): marked so readers skip it. */
  function artifact(draw: () => void) {
    doc.markContent('Artifact');
    draw();
    doc.endMarkedContent();
  }

  /** Adds a structure element whose content is what `draw` puts on the page. */
  function tag(parent: Element, type: string, draw: () => void) {
    parent.add(doc.struct(type, {}, draw));
  }

  function section(parent: Element = root): Element {
    const element = doc.struct('Sect');
    parent.add(element);
    return element;
  }

  interface BlockOptions {
    type?: string;
    x?: number;
    width?: number;
    after?: number;
    /** Space that must be left below the block, so a heading is not left alone at a page foot. */
    keep?: number;
  }

  function block(parent: Element, text: string, style: TextStyle, options: BlockOptions = {}) {
    const x = options.x ?? margin.left;
    const textWidth = options.width ?? width;
    room(heightOf(text, style, textWidth) + (options.keep ?? 0));
    const at = y;
    tag(parent, options.type ?? 'P', () => {
      setFont(style);
      doc.text(text, x, at, { width: textWidth, lineGap });
    });
    y = doc.y + (options.after ?? 5);
  }

  function heading(parent: Element, text: string, level: 'H1' | 'H2' | 'H3', style: TextStyle) {
    if (level !== 'H1' && y > margin.top) y += level === 'H2' ? 6 : 3;
    block(parent, text, style, {
      type: level,
      after: level === 'H3' ? 2 : 4,
      keep: level === 'H3' ? 14 : 30,
    });
  }

  /** "Label: value" in one paragraph, the label bold; returns its height (only measures when `parent` is null). */
  function labelled(
    parent: Element | null,
    label: string,
    value: string,
    style: TextStyle,
    at: { x: number; y: number; width: number },
  ): number {
    const text = `${label}: ${value}`;
    const height = heightOf(text, { ...style, bold: true }, at.width);
    if (parent)
      tag(parent, 'P', () => {
        setFont({ ...style, bold: true });
        doc.text(`${label}: `, at.x, at.y, { width: at.width, lineGap, continued: true });
        setFont(style);
        doc.text(value, { width: at.width, lineGap });
      });
    return height;
  }

  /** "Label: value" paragraphs in two columns, read across then down. */
  function grid(parent: Element, items: [string, string][], style: TextStyle, after = 2) {
    const gutter = 18;
    const columnWidth = (width - gutter) / 2;
    for (let i = 0; i < items.length; i += 2) {
      const pair = items.slice(i, i + 2);
      const heights = pair.map(([label, value]) =>
        labelled(null, label, value, style, { x: 0, y: 0, width: columnWidth }),
      );
      room(Math.max(...heights));
      const at = y;
      pair.forEach(([label, value], column) => {
        labelled(parent, label, value, style, {
          x: margin.left + column * (columnWidth + gutter),
          y: at,
          width: columnWidth,
        });
      });
      y = at + Math.max(...heights) + after;
    }
  }

  /** A bordered box (NHS inset text / warning callout) holding one or more paragraphs. */
  function callout(
    parent: Element,
    paragraphs: { text: string; style: TextStyle }[],
    look: { background: string; border: string },
  ) {
    const pad = 8;
    const bar = 5;
    const inner = width - bar - 2 * pad;
    const heights = paragraphs.map((p) => heightOf(p.text, p.style, inner));
    const height = heights.reduce((sum, h) => sum + h + 3, -3) + 2 * pad;
    room(height);
    const at = y;
    artifact(() => {
      doc.rect(margin.left, at, width, height).fill(look.background);
      doc.rect(margin.left, at, bar, height).fill(look.border);
    });
    let top = at + pad;
    paragraphs.forEach((p, index) => {
      const from = top;
      tag(parent, 'P', () => {
        setFont(p.style);
        doc.text(p.text, margin.left + bar + pad, from, { width: inner, lineGap });
      });
      top += heights[index]! + 3;
    });
    y = at + height + 8;
  }

  /** A bulleted list: each item a title (optional, bold) and text, tagged L/LI/Lbl/LBody. */
  function list(parent: Element, items: { title?: string; text: string }[], style: TextStyle) {
    const element = doc.struct('L');
    parent.add(element);
    const indent = 14;
    const textWidth = width - indent;
    for (const item of items) {
      const titleHeight = item.title ? heightOf(item.title, { ...style, bold: true }, textWidth) : 0;
      room(titleHeight + heightOf(item.text, style, textWidth));
      const at = y;
      const li = doc.struct('LI');
      element.add(li);
      tag(li, 'Lbl', () => {
        setFont(style);
        doc.text('•', margin.left + 3, at, { lineBreak: false });
      });
      // Title and text as two paragraphs, so a screen reader pauses between them.
      const body = doc.struct('LBody');
      li.add(body);
      let top = at;
      if (item.title) {
        const title = item.title;
        tag(body, 'P', () => {
          setFont({ ...style, bold: true });
          doc.text(title, margin.left + indent, at, { width: textWidth, lineGap });
        });
        top = doc.y;
      }
      tag(body, 'P', () => {
        setFont(style);
        doc.text(item.text, margin.left + indent, top, { width: textWidth, lineGap });
      });
      body.end();
      li.end();
      y = doc.y + 4;
    }
    element.end();
    y += 2;
  }

  /** A table with a header row; tagged Table/TR/TH/TD by pdfkit, header cells scoped to columns. */
  function table(
    parent: Element,
    header: string[] | null,
    rows: string[][],
    columns: (number | '*')[],
    options: { rowHeaders?: boolean; size?: number } = {},
  ) {
    const size = options.size ?? clinical.body.size;
    const cell = (text: string, column: number): string | HeaderCell =>
      options.rowHeaders && column === 0
        ? { text, type: 'TH', scope: 'row', font: { src: 'Bold', size } }
        : text;
    const data: (string | PDFKit.Mixins.CellOptions)[][] = rows.map((row) => row.map(cell));
    if (header)
      data.unshift(
        header.map((text): HeaderCell => ({
          text,
          type: 'TH',
          scope: 'column',
          font: { src: 'Bold', size },
          backgroundColor: colour.pale,
        })),
      );
    // Keep a short table on one page; a long one breaks between rows.
    room(Math.min(data.length, 6) * (size * 1.4 + 8));
    // Cells without a font of their own use the document's current one.
    setFont({ size });
    const tableOptions: TaggedTableOptions = {
      structParent: parent,
      position: { x: margin.left, y },
      maxWidth: width,
      columnStyles: columns,
      // No cell borders: pdfkit would describe them in a BorderColor attribute that PDF readers
      // reject (nulls for the sides without one); the rules between rows are drawn as artifacts.
      defaultStyle: { textColor: colour.ink, border: 0, padding: [3, 6] },
    };
    const drawn = doc.table(tableOptions);
    for (const row of data) {
      drawn.row(row);
      const rule = doc.y;
      artifact(() => {
        doc
          .moveTo(margin.left, rule)
          .lineTo(margin.left + width, rule)
          .lineWidth(0.75)
          .strokeColor(colour.border)
          .stroke();
      });
    }
    drawn.end();
    y = doc.y + 8;
  }

  function masthead(parent: Element, style: TextStyle) {
    const at = y;
    tag(parent, 'P', () => {
      setFont({ ...style, bold: true, color: colour.blue });
      doc.text(productName, margin.left, at, { width: width / 2, lineGap });
    });
    const below = doc.y;
    tag(parent, 'P', () => {
      setFont({ ...style, color: colour.secondary });
      doc.text(trustName, margin.left + width / 2, at, { width: width / 2, align: 'right', lineGap });
    });
    y = Math.max(below, doc.y) + 6;
    const rule = y;
    artifact(() => {
      doc
        .moveTo(margin.left, rule)
        .lineTo(pageWidth - margin.right, rule)
        .lineWidth(2)
        .strokeColor(colour.blue)
        .stroke();
    });
    y += 10;
  }

  // ---- Page 1: the clinical team's summary -------------------------------------------------------
  const team = section();
  masthead(team, clinical.small);
  heading(team, 'Risk summary', 'H1', clinical.h1);
  if (result?.model.demonstration)
    callout(
      team,
      [{ text: demonstrationModelLabel, style: { ...clinical.body, bold: true, color: colour.red } }],
      {
        background: '#fbe9e7',
        border: colour.red,
      },
    );
  if ('isCurrent' in summary && !summary.isCurrent)
    block(team, 'This is an earlier evaluation from the risk history, not the current result.', {
      ...clinical.body,
      color: colour.secondary,
    });
  if (!summary.isActive) block(team, patientMessages.archived, { ...clinical.body, color: colour.secondary });

  const details = section(team);
  heading(details, 'Patient details', 'H2', clinical.h2);
  table(
    details,
    null,
    [
      ['Name', name],
      ['NHS number', nhsNumber],
      ['Local patient identifier', summary.medicalRecordNumber ?? 'Not recorded'],
      ['Date of birth', summary.dateOfBirth ? showDate(summary.dateOfBirth) : 'Not recorded'],
      ['Operation type', procedureName],
      ['Consultant surgeon', summary.surgeonName ?? 'Not recorded'],
    ],
    [150, '*'],
    { rowHeaders: true },
  );

  const outcome = section(team);
  heading(outcome, 'Result', 'H2', clinical.h2);
  if (result) {
    const label = riskLabels[result.prediction];
    const look = bandColours[result.prediction];
    setFont({ size: 13, bold: true });
    const tagWidth = doc.widthOfString(label) + 20;
    const tagHeight = doc.currentLineHeight(true) + 8;
    room(tagHeight + 40);
    const at = y;
    artifact(() => doc.roundedRect(margin.left, at, tagWidth, tagHeight, 3).fill(look.background));
    tag(outcome, 'P', () => {
      setFont({ size: 13, bold: true, color: look.text });
      doc.text(label, margin.left + 10, at + 4, { lineBreak: false });
    });
    y = at + tagHeight + 8;
    const line = (labelText: string, value: string) => {
      const at2 = { x: margin.left, y, width };
      room(labelled(null, labelText, value, clinical.body, at2));
      at2.y = y;
      y += labelled(outcome, labelText, value, clinical.body, at2) + 4;
    };
    line('Probability of a complication within 90 days', percentage(result.probability));
    if (result.averageProbability !== null)
      line(`Average for ${procedureName} at this trust`, percentage(result.averageProbability));
    y += 4;
    const warnings = [
      ...(result.isAnomaly
        ? [{ text: messages.anomalyBanner, style: { ...clinical.body, bold: true } }]
        : []),
      ...(result.isDefaultValueUsed ? [{ text: messages.defaultValuesUsed, style: clinical.body }] : []),
    ];
    if (warnings.length)
      callout(outcome, warnings, { background: colour.warning, border: colour.warningBorder });

    const factors = section(team);
    heading(factors, 'Contributing factors', 'H2', clinical.h2);
    if (result.featureImportance.length)
      table(
        factors,
        ['Factor', 'Importance', 'Value'],
        result.featureImportance.map((factor) => [
          factor.displayName,
          importanceLabels[factor.importance],
          factorValueText(factor),
        ]),
        ['*', 80, 170],
      );
    else block(factors, 'No factor had a high or moderate effect on this result.', clinical.body);
    if (result.featureImportance.some((factor) => factor.defaultUsed))
      block(
        factors,
        '(normalised value): the record had no value, so the model used its normalised default.',
        { ...clinical.small, color: colour.secondary },
      );

    const improvement = section(team);
    heading(improvement, 'Areas of improvement', 'H2', clinical.h2);
    if (summary.areasOfImprovement.dos.length)
      list(
        improvement,
        summary.areasOfImprovement.dos.map((advice) => ({ title: advice.title, text: advice.description })),
        clinical.body,
      );
    else block(improvement, 'The model suggested no areas of improvement for this patient.', clinical.body);

    const model = section(team);
    heading(model, 'Model', 'H2', clinical.h2);
    grid(
      model,
      [
        ['Model', result.model.name],
        ['Version', result.model.version],
        ['Evaluated', `${showInstant(result.evaluatedAt)} (UK time)`],
        ['Generated', `${showInstant(generatedAt)} (UK time)`],
      ],
      clinical.body,
      4,
    );
    if (result.model.demonstration)
      block(
        model,
        demonstrationModelLabel,
        { ...clinical.body, bold: true, color: colour.red },
        { after: 3 },
      );
  } else {
    const wording =
      summary.status === 'failed'
        ? 'The model could not score this record.'
        : summary.status === 'processing'
          ? 'This record is being scored now. Download the summary again in a few minutes.'
          : 'This record has not been scored yet, so there is no result to show.';
    callout(outcome, [{ text: wording, style: { ...clinical.body, bold: true } }], {
      background: colour.pale,
      border: colour.blue,
    });
    if (summary.status === 'failed' && summary.failure) {
      block(outcome, `Reason: ${summary.failure.reason}`, clinical.body);
      if (summary.failure.fields.length)
        block(
          outcome,
          `Fields to check: ${summary.failure.fields.map((field) => questionOf(field)?.label ?? field).join('; ')}`,
          clinical.body,
        );
    }
    block(outcome, `Generated ${showInstant(generatedAt)} (UK time)`, {
      ...clinical.small,
      color: colour.secondary,
    });
  }

  if (inputs) {
    const used = section(team);
    heading(used, 'Details the model used', 'H2', clinical.h2);
    for (const remodelTab of remodelTabs) {
      const group = section(used);
      heading(group, remodelTab.title, 'H3', clinical.h3);
      grid(
        group,
        remodelTab.questions.map((question) => [question.label, answerText(question, inputs, showDate)]),
        clinical.small,
      );
    }
  }

  // ---- Last page: for the patient ----------------------------------------------------------------
  newPage();
  const you = section();
  masthead(you, { size: 10 });
  heading(you, 'About your result', 'H1', patient.h1);
  for (const [labelText, value] of [
    ['Name', name],
    ['NHS number', nhsNumber],
    ['Operation', procedureName],
  ] as const) {
    const at = { x: margin.left, y, width };
    y += labelled(you, labelText, value, patient.body, at) + 2;
  }
  y += 4;
  if (result?.model.demonstration) {
    callout(
      you,
      [
        { text: demonstrationModelLabel, style: { ...patient.body, bold: true, color: colour.red } },
        {
          text: 'This result was made by a demonstration model. It was built with made-up (synthetic) data to show how the service works. It must not be used to make decisions about your care.',
          style: patient.body,
        },
      ],
      { background: '#fbe9e7', border: colour.red },
    );
  }
  const operation = inSentence(procedureName);

  const meaning = section(you);
  heading(meaning, 'What your result means', 'H2', patient.h2);
  if (result) {
    const band = riskLabels[result.prediction].toLowerCase();
    const inHundred = Math.round(result.probability * 100);
    const paragraphs = [
      `This result estimates the chance of you having a complication in the 90 days after your ${operation} operation.`,
      `Your result is ${band}. ${bandMeaning[result.prediction]}`,
      inHundred < 1
        ? 'Out of 100 people with a result like yours, fewer than 1 may have a complication.'
        : `Out of 100 people with a result like yours, about ${inHundred} may have a complication. About ${100 - inHundred} may not.`,
      'This is an estimate, not a certainty. It cannot tell you what will happen to you.',
      'Your care team will talk your result through with you. Ask them about anything you are not sure about.',
    ];
    for (const text of paragraphs) block(meaning, text, patient.body, { after: 7 });
  } else {
    block(
      meaning,
      summary.status === 'failed'
        ? 'We could not work out your result from the information we have. Your hospital team will check your records.'
        : 'Your result is not ready yet. Your hospital team will tell you about it when it is.',
      patient.body,
      { after: 7 },
    );
  }

  const before = section(you);
  heading(before, 'What you can do before your operation', 'H2', patient.h2);
  const advice = result ? summary.areasOfImprovement.dos : [];
  if (advice.length) {
    block(before, 'Your care team may talk to you about these things:', patient.body, { after: 6 });
    list(
      before,
      advice.map((item) => ({ title: item.title, text: item.description })),
      patient.body,
    );
  } else {
    block(before, 'There are things you can do to help your recovery:', patient.body, { after: 6 });
    list(
      before,
      generalAdvice.map((text) => ({ text })),
      patient.body,
    );
  }

  const contact = section(you);
  heading(contact, 'Who to contact', 'H2', patient.h2);
  block(
    contact,
    `If you have questions about this result, contact your hospital team at ${trustName}. Their details are on your appointment letter.`,
    patient.body,
    { after: 7 },
  );
  block(contact, 'If you feel unwell and need help now, call 111. In an emergency, call 999.', patient.body);

  // ---- Footer on every page: who the page is about, and "Page N of M" ---------------------------
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const top = pageHeight - margin.bottom + 22;
    artifact(() => {
      doc
        .moveTo(margin.left, top - 8)
        .lineTo(pageWidth - margin.right, top - 8)
        .lineWidth(0.75)
        .strokeColor(colour.border)
        .stroke();
      setFont({ size: 8, color: colour.secondary });
      const page = `Page ${index - range.start + 1} of ${range.count}`;
      const pageLabelWidth = doc.widthOfString(page);
      const who = `${name} · NHS number ${nhsNumber}`;
      doc.text(who, margin.left, top, {
        width: width - pageLabelWidth - 24,
        height: doc.currentLineHeight(true),
        ellipsis: true,
      });
      doc.text(page, pageWidth - margin.right - pageLabelWidth, top, { lineBreak: false });
    });
  }
  root.end();

  const output = new PassThrough();
  doc.on('error', (error: Error) => output.destroy(error));
  doc.pipe(output);
  doc.end();
  return output;
}
