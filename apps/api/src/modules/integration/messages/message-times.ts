/**
 * Sample times as lab messages write them (FHIR dateTime, HL7 v2 DTM), as instants shown in UK time:
 * a trust's calendar decides which day a result is of (docs/requirements.md §9: UK time).
 */
import { isCalendarDate } from '@esr/contracts/calendar';
import { londonWallClock } from '@esr/contracts/london-dates';

export interface MessageTime {
  instant: Date;
  /** ISO 8601 in UK time with its offset: `2026-06-25T09:30:00+01:00`. */
  iso: string;
  /** The London day, YYYY-MM-DD. */
  day: string;
}

export type TimeReading =
  { ok: true; time: MessageTime } | { ok: false; problem: 'format' | 'noDay' | 'notReal' | 'tooEarly' };

/** No sample is older than this; an earlier year is a placeholder or a typing error (and Date.UTC reads 0–99 as 1900–1999). */
export const earliestSampleYear = 1900;

/** How far ahead of our clock a sender's clock may run before its sample times count as in the future. */
export const clockSkewMs = 5 * 60_000;

const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

function londonOffsetMs(instant: number): number {
  const t = londonWallClock(new Date(instant));
  return Date.UTC(+t.year, +t.month - 1, +t.day, +t.hour, +t.minute, +t.second) - wholeSecond(instant);
}

/**
 * The instant a London wall-clock time names. A time the autumn change repeats is taken as its first
 * (BST) occurrence; one the spring change skips comes out an hour on, as a clock put forward reads.
 */
function londonInstant(wall: number): number {
  const before = londonOffsetMs(wall - 86_400_000);
  const after = londonOffsetMs(wall + 86_400_000);
  const fits = [before, after]
    .map((offset) => wall - offset)
    .filter((instant) => londonOffsetMs(instant) === wall - instant);
  return fits.length > 0 ? Math.min(...fits) : wall - before;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function messageTime(instant: number): MessageTime {
  const t = londonWallClock(new Date(instant));
  const offset = londonOffsetMs(instant) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const ms = instant - wholeSecond(instant);
  const fraction = ms === 0 ? '' : `.${pad(ms, 3)}`;
  const day = `${t.year}-${t.month}-${t.day}`;
  return {
    instant: new Date(instant),
    iso: `${day}T${t.hour}:${t.minute}:${t.second}${fraction}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
    day,
  };
}

interface Parts {
  year: number;
  month: number;
  day: number;
  /** Null for a date with no time. */
  hour: number | null;
  minute: number;
  second: number;
  ms: number;
  /** Minutes east of UTC, or null when the text gave no offset. */
  offset: number | null;
}

function fromParts(p: Parts): TimeReading {
  if (!isCalendarDate(p.year, p.month, p.day)) return { ok: false, problem: 'notReal' };
  if (p.year < earliestSampleYear) return { ok: false, problem: 'tooEarly' };
  if (p.hour === null) {
    return { ok: true, time: messageTime(londonInstant(Date.UTC(p.year, p.month - 1, p.day))) };
  }
  if (p.hour > 23 || p.minute > 59 || p.second > 59) return { ok: false, problem: 'notReal' };
  if (p.offset !== null && Math.abs(p.offset) > 14 * 60) return { ok: false, problem: 'notReal' };
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.ms);
  return {
    ok: true,
    time: messageTime(p.offset === null ? londonInstant(wall) : wall - p.offset * 60_000),
  };
}

const fractionMs = (digits: string | undefined) =>
  digits === undefined ? 0 : Math.min(999, Math.round(Number(`0.${digits}`) * 1000));

function offsetMinutes(sign: string, hours: string, minutes: string): number | null {
  if (+minutes > 59) return null;
  return (sign === '-' ? -1 : 1) * (+hours * 60 + +minutes);
}

/**
 * The time of a match of either format, whose groups 1 to 7 are alike: year, month, day (both
 * present), then hour, minute, second and fraction of a second where given.
 */
function fromDayAndTime(m: RegExpExecArray, offset: number | null): TimeReading {
  return fromParts({
    year: +m[1]!,
    month: +m[2]!,
    day: +m[3]!,
    hour: m[4] === undefined ? null : +m[4],
    minute: m[5] === undefined ? 0 : +m[5],
    second: m[6] === undefined ? 0 : +m[6],
    ms: fractionMs(m[7]),
    offset,
  });
}

// FHIR R4 dateTime: YYYY, YYYY-MM, YYYY-MM-DD or YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm).
const fhirDateTime =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|([+-])(\d{2}):(\d{2}))?)?)?)?$/;

/**
 * A FHIR dateTime or instant. A time must carry its offset (FHIR R4 §2.24.0.1: "If hours and
 * minutes are specified, a time zone SHALL be populated"); a date alone is that London day at
 * 00:00; a year or a month alone names no day and is refused.
 */
export function readFhirDateTime(text: string): TimeReading {
  const m = fhirDateTime.exec(text);
  if (!m) return { ok: false, problem: 'format' };
  if (m[2] === undefined || m[3] === undefined) return { ok: false, problem: 'noDay' };
  if (m[4] !== undefined && m[8] === undefined) return { ok: false, problem: 'format' };
  let offset: number | null = null;
  if (m[8] === 'Z') offset = 0;
  else if (m[8] !== undefined) {
    offset = offsetMinutes(m[9]!, m[10]!, m[11]!);
    if (offset === null) return { ok: false, problem: 'notReal' };
  }
  return fromDayAndTime(m, offset);
}

// HL7 v2 DTM: YYYY[MM[DD[HH[MM[SS[.S[S[S[S]]]]]]]]][+/-ZZZZ].
const hl7Dtm =
  /^(\d{4})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:(\d{2})(?:\.(\d{1,4}))?)?)?)?)?)?(?:([+-])(\d{2})(\d{2}))?$/;

/**
 * An HL7 v2 DTM (TS component 1). Without an offset the time is UK wall-clock time, as UK lab
 * systems send it; a date alone is that London day at 00:00; a year or a month alone is refused.
 */
export function readHl7DateTime(text: string): TimeReading {
  const m = hl7Dtm.exec(text);
  if (!m) return { ok: false, problem: 'format' };
  if (m[2] === undefined || m[3] === undefined) return { ok: false, problem: 'noDay' };
  let offset: number | null = null;
  if (m[8] !== undefined) {
    offset = offsetMinutes(m[8], m[9]!, m[10]!);
    if (offset === null) return { ok: false, problem: 'notReal' };
  }
  return fromDayAndTime(m, offset);
}

/** A sample time that is later than now (allowing for the sender's clock running a little fast). */
export const isInFuture = (time: MessageTime, now: Date) =>
  time.instant.getTime() > now.getTime() + clockSkewMs;
