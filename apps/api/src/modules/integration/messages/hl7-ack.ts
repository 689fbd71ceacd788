/** The HL7 v2 ACK that answers an inbound message (docs/integration.md), in original acknowledgement mode. */
import { randomUUID } from 'node:crypto';
import { Hl7Context, Hl7Message, Hl7Segment } from '@medplum/core';
import { hl7ErrorCodes, MessageError, type Hl7ErrorCode, type MessageLocation } from './lab-message.js';
import { messageTime } from './message-times.js';
import { componentText, escape, parseEr7 } from './hl7-er7.js';

/** The inbound message as far as it parses: whole, else its MSH line alone, else nothing. */
function inboundMessage(inbound: string | Hl7Message | null): Hl7Message | null {
  if (inbound === null || inbound instanceof Hl7Message) return inbound;
  try {
    return parseEr7(inbound);
  } catch {
    try {
      return parseEr7(inbound.trimStart().split(/[\r\n]/)[0]!);
    } catch {
      return null;
    }
  }
}

/** ERR-2 (2.5 ERL): segment ^ sequence ^ field ^ field repetition ^ component. */
function errorLocation(location: MessageLocation, context: Hl7Context): string {
  if (location.segment === undefined) return '';
  const parts = [
    location.segment,
    String(location.segmentIndex ?? 1),
    location.field === undefined ? '' : String(location.field),
    location.field === undefined ? '' : String(location.repetition ?? 1),
    location.component === undefined ? '' : String(location.component),
  ];
  while (parts[parts.length - 1] === '') parts.pop();
  return parts.join(context.componentSeparator);
}

/** The HL7 error condition for a refusal that does not name one, from where it is. */
function errorCodeFor(location: MessageLocation): Hl7ErrorCode {
  if (location.segment === 'MSH' && location.field === 9) return 200;
  if (location.segment === 'MSH' && location.field === 12) return 203;
  if (location.segment === 'MSH' && location.field === 10) return 101;
  return location.segment === undefined ? 207 : 102;
}

/** An instant as HL7 DTM in UK time with its offset: `20260624091500+0100`. */
function hl7Now(now: Date): string {
  const { iso } = messageTime(now.getTime() - (now.getTime() % 1000));
  return iso.slice(0, 19).replace(/[-:T]/g, '') + iso.slice(19).replace(':', '');
}

export type AckError =
  { location: MessageLocation; text: string; hl7ErrorCode?: Hl7ErrorCode } | MessageError;

/**
 * An ACK (original acknowledgement mode) for an inbound message: MSH with sender and receiver
 * swapped, MSA-1 the code and MSA-2 the inbound control id; for AE or AR an ERR segment in the 2.5
 * style (ERR-2 location, ERR-3 table 0357 code, ERR-4 severity, ERR-8 the text), with the text in
 * MSA-3 too for receivers before 2.5. For text that does not parse, an ACK with what could be read.
 * A MessageError may be passed as the error: its HL7 error condition is then reported.
 */
export function hl7Ack(
  inbound: string | Hl7Message | null,
  code: 'AA' | 'AE' | 'AR',
  error?: AckError,
  /** MSA-3 for an AA: what the message did, in words. */
  acknowledgement?: string,
): string {
  const context = new Hl7Context();
  const parsed = inboundMessage(inbound);
  const message =
    parsed ??
    new Hl7Message(
      [new Hl7Segment(['MSH', context.getMsh2(), '', '', '', '', '', '', '', '', '', '2.5'], context)],
      context,
    );
  const ctx = message.context;
  const errorText =
    error === undefined ? undefined : error instanceof MessageError ? error.message : error.text;
  let errSegment: Hl7Segment | undefined;
  if (error !== undefined && code !== 'AA') {
    const condition = error.hl7ErrorCode ?? errorCodeFor(error.location);
    errSegment = new Hl7Segment(
      [
        'ERR',
        '',
        errorLocation(error.location, ctx),
        [String(condition), hl7ErrorCodes[condition], 'HL70357'].join(ctx.componentSeparator),
        'E',
        '',
        '',
        '',
        escape(errorText!, ctx),
      ],
      ctx,
    );
  }
  const ack = message.buildAck({ ackCode: code, ...(errSegment ? { errSegment } : {}) });
  // Medplum writes MSH-7 in UTC without an offset, which a UK receiver reads as UK time, and MSH-10
  // as the time in milliseconds, which two answers in the same millisecond would share.
  ack.header.setField(7, hl7Now(new Date()));
  ack.header.setField(10, randomUUID().replace(/-/g, '').slice(0, 20));
  ack.header.setField(11, escape(componentText(message.segments[0]!, 11) || 'P', ctx));
  if (componentText(ack.header, 12) === '') ack.header.setField(12, '2.5');
  const words = acknowledgement ?? (code === 'AA' ? undefined : errorText);
  if (words !== undefined) ack.getSegment('MSA')!.setField(3, escape(words, ctx));
  return ack.toString();
}
