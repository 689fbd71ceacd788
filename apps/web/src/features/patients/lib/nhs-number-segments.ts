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

/** Characters an NHS number has: 10 digits (or, mistyped, 10 of anything else that is not a space). */
const numberLength = 10;

/** Splits a number as typed into the three boxes; nothing beyond ten characters is kept. */
export function splitNhsNumber(value: string): NhsNumberSegments {
  const text = nhsNumberDigits(value).slice(0, numberLength);
  return [text.slice(0, 3), text.slice(3, 6), text.slice(6)];
}

/** The number the three boxes hold, without spaces or hyphens. */
export const joinSegments = (segments: NhsNumberSegments): string => segments.join('');

export interface SegmentChange {
  segments: NhsNumberSegments;
  /** The box that should have the focus now: where typing goes on. */
  focus: number;
  /** Where in that box the caret goes; undefined when the box keeps the caret it has. */
  caret?: number;
}

const boxStarts = [0, 3, 6] as const;

/** The box and the place in it of a position in the whole number; the end of a full box is the next box's start. */
function placeOf(position: number): { focus: number; caret: number } {
  const focus = position < 3 ? 0 : position < 6 ? 1 : 2;
  return { focus, caret: position - boxStarts[focus] };
}

/**
 * The whole number after the box at `index` has been given `text`, with the caret at `caret` in
 * it: the digits before the box, the box's text, the digits after, cut to ten characters. The focus
 * goes where the caret is in the whole number.
 */
function flow(segments: NhsNumberSegments, index: number, text: string, caret: number): SegmentChange {
  const before = segments.slice(0, index).join('');
  const after = segments.slice(index + 1).join('');
  const number = `${before}${nhsNumberDigits(text)}${after}`;
  const position = Math.min(before.length + nhsNumberDigits(text.slice(0, caret)).length, numberLength);
  return { segments: splitNhsNumber(number), ...placeOf(Math.min(position, number.length)) };
}

/** A whole number (ten characters or more, without its spaces and hyphens) fills the three boxes. */
function whole(text: string): SegmentChange | null {
  const cleaned = nhsNumberDigits(text);
  if (cleaned.length < numberLength) return null;
  return { segments: splitNhsNumber(cleaned), focus: 2, caret: 4 };
}

/**
 * A box's new text, as typed, with the caret where it is now (its end when not given). Text that
 * fits the box stays in it. Text that does not (typing past the end, or into a full box) flows on
 * through the boxes, the number keeps at most ten characters, and the focus moves to where the next
 * character goes. A whole number given to one box replaces the number.
 */
export function changeSegment(
  segments: NhsNumberSegments,
  index: number,
  text: string,
  caret: number = text.length,
): SegmentChange {
  const cleaned = nhsNumberDigits(text);
  if (cleaned.length <= segmentLengths[index as 0 | 1 | 2]) {
    const next = [...segments] as [string, string, string];
    next[index] = cleaned;
    // The boxes show one number: a box after an unfilled one gives its text to the boxes before.
    const shown = splitNhsNumber(joinSegments(next));
    if (shown.every((segment, at) => segment === next[at])) return { segments: next, focus: index };
  }
  return whole(text) ?? flow(segments, index, text, caret);
}

/**
 * Text pasted into a box, over its selection (from `start` to `end`): a whole number (943 476 5919,
 * 943-476-5919 or 9434765919) replaces the number in whichever box it is pasted; anything shorter
 * is put in at the caret and flows on like typing.
 */
export function pasteIntoSegment(
  segments: NhsNumberSegments,
  index: number,
  pasted: string,
  start: number,
  end: number,
): SegmentChange {
  const box = segments[index as 0 | 1 | 2];
  const text = `${box.slice(0, start)}${pasted}${box.slice(end)}`;
  return whole(pasted) ?? flow(segments, index, text, start + pasted.length);
}

/** Backspace in an empty box goes back to the end of the box before it. */
export const previousSegment = (index: number, value: string): number | null =>
  index > 0 && value === '' ? index - 1 : null;
