/**
 * What the risk summary PDF prints from (patient-pdf.ts), its page geometry and type styles, and
 * how it prints what the data says: without hidden text-direction characters, cut to fit.
 */
import { showLondonDateTime } from '@esr/contracts/london-dates';
import { productName } from '@esr/contracts/messages';
import { type Prediction } from '@esr/contracts/open-pathways';
import { type HistoryEntry, type RiskResult, type RiskSummary } from '@esr/contracts/patients';
import { withoutBidiControls } from '@esr/contracts/text-direction';
import { horizontalRule, nhsColour as colour, type TextStyle } from '../../platform/pdf/pdf-text.js';
import type { TaggedFlow } from '../../platform/pdf/tagged-flow.js';

export interface RiskSummaryPdfInput {
  summary: RiskSummary | HistoryEntry;
  trustName: string;
  /** The procedure's name, e.g. "Knee replacement": the operation type on the summary. */
  procedureName: string;
  generatedAt: Date;
  /** The record the model read (a history entry's); defaults to the entry's own when it has them. */
  inputs?: HistoryEntry['inputs'];
}

export const bandColours: Record<Prediction, { background: string; text: string }> = {
  high: { background: '#f7d4d1', text: '#6b140e' },
  medium: { background: '#ffdc8e', text: '#4d3708' },
  low: { background: '#cce2d8', text: '#005a30' },
};
export const demonstrationLook = { background: '#fbe9e7', border: colour.red };
export const incompleteLook = { background: '#dbe0e3', text: '#212b32' };

export const margin = { top: 46, left: 50, right: 50, bottom: 66 };
export const lineGap = 1.5;

export const clinical = {
  h1: { size: 20, bold: true },
  h2: { size: 12.5, bold: true },
  h3: { size: 9.5, bold: true },
  body: { size: 10 },
  small: { size: 8.5 },
} satisfies Record<string, TextStyle>;
// The patient's page is set larger: many readers are older and read it on paper.
export const patient = {
  h1: { size: 22, bold: true },
  h2: { size: 15, bold: true },
  body: { size: 11.5 },
} satisfies Record<string, TextStyle>;

export type Element = PDFKit.PDFStructureElement;

/** docs/requirements.md §9: an instant as DD-MMM-YYYY HH:mm in UK time. */
export function showInstant(instant: Date | string): string {
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
export function withoutControls<T>(value: T): T {
  if (typeof value === 'string') return withoutBidiControls(value) as T;
  if (Array.isArray(value)) return value.map(withoutControls) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutControls(item)])) as T;
  return value;
}

export function patientName(summary: RiskSummary): string {
  const name = [summary.firstName, summary.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name ? cutForPaper(name) : 'Not recorded';
}

/** The procedure inside a sentence: "Knee replacement" → "knee replacement" (acronyms kept). */
export const inSentence = (name: string) =>
  /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;

export const bandMeaning: Record<Prediction, string> = {
  high: 'This means your chance of a complication is higher than for most people having this operation.',
  medium: 'This means your chance of a complication is in the middle range for people having this operation.',
  low: 'This means your chance of a complication is lower than for most people having this operation.',
};

export const generalAdvice = [
  'Stay as active as you can. Try to walk every day.',
  'If you smoke, try to stop. Your GP or a pharmacist can help you.',
  'Try to reach or keep a healthy weight.',
  'If you have diabetes or high blood pressure, keep it under control. Take your medicines as prescribed.',
  'Go to your pre-operative assessment appointment.',
];

/** What every part of the summary reads: the input, and the facts drawn from it once. */
export interface Summary extends RiskSummaryPdfInput {
  flow: TaggedFlow;
  result: RiskResult | null;
  name: string;
  nhsNumber: string;
  /** The pages (from 1) that begin with the masthead; the others get a running header. */
  mastheadPages: Set<number>;
}

/** Where a part of the summary (the clinical team's, the patient's) begins and ends. */
export interface PartPages {
  first: number;
  last: number;
  /** How far down its last page it reaches, in points from the top of the text area. */
  lastPageUsed: number;
}

export interface LaidOut {
  doc: PDFKit.PDFDocument;
  summary: Summary;
  parts: PartPages[];
}

/** The product's name and the trust's across the top, over a blue rule. */
export function masthead({ flow, trustName, mastheadPages }: Summary, parent: Element, style: TextStyle) {
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
