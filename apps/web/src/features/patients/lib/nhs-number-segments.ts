import { nhsNumberDigits } from '@esr/contracts/nhs-number';

/**
 * The NHS number typed in three boxes of 3, 3 and 4 digits, with hyphens shown between them
 * (docs/requirements.md §2 patient lookup). Whatever is typed or pasted into a box that does not fit it flows on
 * into the next boxes, so a whole number pasted into the first box, with or without its spaces
 * or hyphens, fills all three.
 */
export type NhsNumberSegments = readonly [string, string, string];

export const segmentLengths = [3, 3, 4] as const;

export const emptySegments: NhsNumberSegments = ['', '', ''];

/** Splits a number as typed into the three boxes; anything beyond ten characters stays in the last. */
export function splitNhsNumber(value: string): NhsNumberSegments {
  const text = nhsNumberDigits(value);
  return [text.slice(0, 3), text.slice(3, 6), text.slice(6)];
}

/** The number the three boxes hold, without spaces or hyphens. */
export const joinSegments = (segments: NhsNumberSegments): string => segments.join('');

export interface SegmentChange {
  segments: NhsNumberSegments;
  /** The box that should have the focus now: where typing goes on. */
  focus: number;
}

/**
 * A box's new text. Text that fits the box stays in it; text that does not (a paste, or typing
 * past the end) is joined to the boxes before it and flows through all three, and the focus moves
 * to the box where the next character would go.
 */
export function changeSegment(segments: NhsNumberSegments, index: number, text: string): SegmentChange {
  const cleaned = nhsNumberDigits(text);
  if (cleaned.length <= segmentLengths[index as 0 | 1 | 2]) {
    const next = [...segments] as [string, string, string];
    next[index] = cleaned;
    return { segments: next, focus: index };
  }
  const before = segments.slice(0, index).join('');
  const after = segments.slice(index + 1).join('');
  // Enough to fill the rest of the number replaces what followed (a paste); less is inserted.
  const replaces = before.length + cleaned.length >= 10;
  const next = splitNhsNumber(before + cleaned + (replaces ? '' : after));
  const open = next.findIndex((segment, at) => segment.length < segmentLengths[at as 0 | 1 | 2]);
  return { segments: next, focus: open === -1 ? 2 : Math.max(open, index) };
}

/** Backspace in an empty box goes back to the end of the box before it. */
export const previousSegment = (index: number, value: string): number | null =>
  index > 0 && value === '' ? index - 1 : null;
