/**
 * HL7 v2 ER7 text (docs/integration.md "What a message may contain"): its segments, read with
 * @medplum/core's parser once the separators are checked, and its fields, components and escapes.
 */
import { Hl7Context, Hl7Message, Hl7Segment } from '@medplum/core';
import { controlCharacterProblem } from '@esr/contracts/text-rules';
import { MessageError, type Hl7ErrorCode, type MessageLocation } from './lab-message.js';

export const unreadable = (location: MessageLocation, message: string, code: Hl7ErrorCode = 100) =>
  new MessageError('unreadable', location, message, code);
export const invalid = (location: MessageLocation, message: string, code: Hl7ErrorCode = 102) =>
  new MessageError('invalid', location, message, code);

export const segmentName = /^[A-Z][A-Z0-9]{2}$/;

/**
 * ER7 text as medplum's segments. Medplum's own `Hl7Message.parse` takes the four characters after
 * the field separator as the encoding characters whatever they are, and splits on LF inside a field;
 * the separators are checked here first, and only CR ends a segment when the text has one.
 */
export function parseEr7(raw: string): Hl7Message {
  if (raw.includes('\u0000')) {
    throw unreadable({}, 'The message contains NUL bytes, so it is not HL7 v2 text.', 102);
  }
  const text = raw.trimStart();
  if (!text.startsWith('MSH')) {
    throw unreadable(
      { segment: 'MSH', segmentIndex: 1 },
      'The message does not start with an MSH segment, so it is not an HL7 v2 message.',
    );
  }
  const fieldSeparator = text.charAt(3);
  if (fieldSeparator === '' || /[A-Za-z0-9\s]/.test(fieldSeparator)) {
    throw unreadable(
      { segment: 'MSH', segmentIndex: 1, field: 1 },
      'MSH-1 is not a field separator (usually |).',
      102,
    );
  }
  const end = text.indexOf(fieldSeparator, 4);
  const encoding = text.slice(4, end < 0 ? undefined : end);
  const distinct = new Set([fieldSeparator, ...encoding]);
  if (
    encoding.length < 3 ||
    encoding.length > 5 ||
    /[A-Za-z0-9\s]/.test(encoding) ||
    distinct.size !== encoding.length + 1
  ) {
    throw unreadable(
      { segment: 'MSH', segmentIndex: 1, field: 2 },
      'MSH-2 does not hold the encoding characters (usually ^~\\&).',
      102,
    );
  }
  const context = new Hl7Context(
    '\r',
    fieldSeparator,
    encoding.charAt(0),
    encoding.charAt(1),
    encoding.charAt(2),
    encoding.charAt(3) || '&',
  );
  const lines = text.split(text.includes('\r') ? /\r\n?/ : /\n/).filter((line) => line.trim().length > 0);
  const segments = lines.map((line, i) => {
    const name = line.slice(0, 3);
    if (!segmentName.test(name) || (line.length > 3 && line.charAt(3) !== fieldSeparator)) {
      throw unreadable({}, `Line ${i + 1} of the message is not an HL7 segment.`);
    }
    return Hl7Segment.parse(line, context);
  });
  return new Hl7Message(segments, context);
}

/** HL7 escape sequences in a value (\F\ \S\ \T\ \R\ \E\, \.br\, \Xhh\), with formatting ones dropped. */
export function unescape(value: string, context: Hl7Context): string {
  const e = context.escapeCharacter;
  if (!value.includes(e)) return value;
  let out = '';
  let i = 0;
  while (i < value.length) {
    const end = value.charAt(i) === e ? value.indexOf(e, i + 1) : -1;
    if (end < 0) {
      out += value.charAt(i);
      i++;
      continue;
    }
    const sequence = value.slice(i + 1, end);
    if (sequence === 'F') out += context.fieldSeparator;
    else if (sequence === 'S') out += context.componentSeparator;
    else if (sequence === 'T') out += context.subcomponentSeparator;
    else if (sequence === 'R') out += context.repetitionSeparator;
    else if (sequence === 'E') out += e;
    else if (sequence === '.br') out += '\n';
    else if (/^X(?:[0-9A-Fa-f]{2})+$/.test(sequence)) {
      for (let h = 1; h < sequence.length; h += 2)
        out += String.fromCharCode(parseInt(sequence.slice(h, h + 2), 16));
    }
    i = end + 1;
  }
  return out;
}

/** Escapes text for a field of an answer, so that no separator in it splits the field. */
export function escape(value: string, context: Hl7Context): string {
  const e = context.escapeCharacter;
  const sequences = new Map([
    [e, 'E'],
    [context.fieldSeparator, 'F'],
    [context.componentSeparator, 'S'],
    [context.subcomponentSeparator, 'T'],
    [context.repetitionSeparator, 'R'],
  ]);
  let out = '';
  for (const ch of value.replace(/[\r\n]+/g, ' ')) {
    const sequence = sequences.get(ch);
    out += sequence === undefined ? ch : `${e}${sequence}${e}`;
  }
  return out;
}

/** A field's repetitions, each a list of components (raw, still escaped); none for a field not sent. */
export function repetitions(segment: Hl7Segment, field: number): string[][] {
  const index = segment.name === 'MSH' ? field - 1 : field;
  return segment.fields[index]?.components ?? [];
}

/**
 * A field's text once its escapes are decoded must pass the rules every other text the product
 * takes passes (decision 0021): no NUL, no other C0 or C1 control character (a `\X00\` or
 * `\X9B\` escape would otherwise put one into a stored id, where the database refuses it or a
 * screen shows it), and valid Unicode.
 */
export function checkedText(value: string, location: MessageLocation): string {
  const problem = controlCharacterProblem(value, { multiline: false });
  if (problem === undefined) return value;
  const where = `${location.segment}-${location.field}`;
  throw unreadable(
    location,
    `${where} holds a control character once its escape sequences are decoded (${problem}); it is not text we can take.`,
    102,
  );
}

/** A component as text: unescaped, checked, trimmed, and the HL7 null `""` as empty. */
export function componentText(segment: Hl7Segment, field: number, component = 1, repetition = 0): string {
  const raw = repetitions(segment, field)[repetition]?.[component - 1] ?? '';
  const value = checkedText(unescape(raw, segment.context), {
    segment: segment.name,
    field,
    repetition: repetition + 1,
    component,
  }).trim();
  return value === '""' ? '' : value;
}

export function subcomponentText(
  raw: string,
  subcomponent: number,
  segment: Hl7Segment,
  field: number,
): string {
  const context = segment.context;
  const value = checkedText(unescape(raw.split(context.subcomponentSeparator)[subcomponent] ?? '', context), {
    segment: segment.name,
    field,
  }).trim();
  return value === '""' ? '' : value;
}
