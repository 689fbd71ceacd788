/**
 * MLLP framing (HL7 v2 Minimal Lower Layer Protocol, release 2): each message is sent as
 * 0x0B, the message, 0x1C 0x0D, and answered the same way on the same connection.
 *
 * Written here rather than with @medplum/hl7's Hl7Server, which (4.5.2) takes a message to end only
 * when a chunk ends with 0x1C 0x0D, so two messages in one chunk, or an end block split across two,
 * are lost; keeps every byte until then with no bound; cannot be bound to a host; and answers a
 * message it cannot parse with nothing.
 */
import net from 'node:net';
import { hl7Ack } from './hl7-ack.js';

const startBlock = 0x0b;
const endBlock = 0x1c;
const carriageReturn = 0x0d;

export interface MllpListenerOptions {
  host: string;
  /** 0 for any free port (tests). */
  port: number;
  /** Reads one message's text and returns the answer's (an ACK). */
  handle: (text: string) => Promise<string>;
  /**
   * A message longer than this, finished or not, is answered with an AR and the connection closed:
   * an unfinished frame is never held past it.
   */
  maxMessageBytes?: number;
  /** A connection that sends and receives nothing for this long is closed. */
  idleTimeoutMs?: number;
  /** Connections open at once; one more is closed as it arrives, before it is read. */
  maxConnections?: number;
  /** Told of each connection the listener closes on its own account (never with message content). */
  onClose?: (reason: MllpCloseReason) => void;
}

/** Why the listener closed a connection: over the connection cap, idle, or a message too large. */
export type MllpCloseReason = 'connection-limit' | 'idle' | 'too-large';

export interface MllpListener {
  close(): Promise<void>;
  address(): { port: number };
}

/** The HTTP endpoint's body limit (`POST /hl7/v2`), so a message is refused alike either way. */
export const defaultMaxMessageBytes = 1024 * 1024;
export const defaultIdleTimeoutMs = 60_000;
/**
 * An integration engine keeps one connection, or a few; with each holding up to a message's limit,
 * 50 bound the listener's buffers to 50 MB at the default limit.
 */
export const defaultMaxConnections = 50;

/** The character set MSH-18 names, where Node can decode it; UTF-8 otherwise (and for ASCII). */
function charsetOf(bytes: Buffer): BufferEncoding {
  const newline = bytes.findIndex((b) => b === carriageReturn || b === 0x0a);
  const header = bytes.subarray(0, newline < 0 ? Math.min(bytes.length, 1024) : newline).toString('latin1');
  if (!header.startsWith('MSH') || header.length < 4) return 'utf8';
  const charset = (header.split(header.charAt(3))[17] ?? '').split(header.charAt(4))[0]!.trim().toUpperCase();
  return charset === '8859/1' || charset === 'ISO-8859-1' ? 'latin1' : 'utf8';
}

const frame = (text: string, encoding: BufferEncoding) =>
  Buffer.concat([
    Buffer.from([startBlock]),
    Buffer.from(text, encoding),
    Buffer.from([endBlock, carriageReturn]),
  ]);

/** The handler's answer to a message, or an AR asking for it again later when the handler fails. */
async function replyTo(text: string, handle: MllpListenerOptions['handle']): Promise<string> {
  try {
    return await handle(text);
  } catch {
    return hl7Ack(text, 'AR', {
      location: {},
      text: 'The message could not be processed; send it again later.',
      hl7ErrorCode: 207,
    });
  }
}

/** The AR to a message over the size limit, answering what its first bytes say it is. */
function tooLargeReply(chunks: Buffer[], limit: number): string {
  const partial = Buffer.concat(chunks).subarray(0, 4096).toString('latin1');
  return hl7Ack(partial, 'AR', {
    location: {},
    text: `The message is larger than ${limit.toLocaleString('en-GB')} bytes, the most one message may be.`,
    hl7ErrorCode: 207,
  });
}

/** One connection: frames out of its bytes, in order, one message answered before the next is read. */
function serve(socket: net.Socket, options: MllpListenerOptions): void {
  const limit = options.maxMessageBytes ?? defaultMaxMessageBytes;
  let chunks: Buffer[] = [];
  let length = 0;
  let inFrame = false;
  /** An end block was the last byte of a chunk: the next chunk's first byte may be its CR. */
  let pendingCr = false;
  let queue = Promise.resolve();
  let closed = false;
  /** Messages read and not yet answered: waiting on the handler is not idleness. */
  let unanswered = 0;

  const idleTimeoutMs = options.idleTimeoutMs ?? defaultIdleTimeoutMs;
  socket.setTimeout(idleTimeoutMs);
  socket.on('timeout', () => {
    if (closed) return void socket.destroy();
    // Writing the answer is activity, and restarts the timer.
    if (unanswered > 0) return;
    options.onClose?.('idle');
    closed = true;
    chunks = [];
    socket.destroy();
  });

  const answer = (bytes: Buffer) => {
    unanswered++;
    queue = queue.then(async () => {
      if (closed) return void unanswered--;
      const encoding = charsetOf(bytes);
      const text = bytes.toString(encoding);
      const reply = await replyTo(text, options.handle);
      unanswered--;
      if (!closed) socket.write(frame(reply, encoding));
    });
  };

  const tooLarge = () => {
    closed = true;
    const reply = tooLargeReply(chunks, limit);
    chunks = [];
    length = 0;
    options.onClose?.('too-large');
    // Ending (rather than destroying) lets the AR reach the sender before the connection closes;
    // what it sends meanwhile is read and dropped. A sender that never closes its side is cut off
    // after the idle timeout all the same, however much it goes on sending.
    socket.end(frame(reply, 'utf8'));
    const cutOff = setTimeout(() => socket.destroy(), idleTimeoutMs);
    socket.once('close', () => clearTimeout(cutOff));
  };

  socket.on('data', (data: Buffer) => {
    if (closed) return;
    let start = 0;
    if (pendingCr) {
      pendingCr = false;
      if (data[0] === carriageReturn) start = 1;
    }
    for (let i = start; i < data.length; i++) {
      const byte = data[i]!;
      if (!inFrame) {
        // Bytes between frames (a stray CR or LF some senders add) are not part of any message.
        if (byte === startBlock) {
          inFrame = true;
          start = i + 1;
        }
        continue;
      }
      if (byte === startBlock) {
        // A new start block before an end block: the unfinished message is dropped.
        chunks = [];
        length = 0;
        start = i + 1;
        continue;
      }
      if (byte !== endBlock) continue;
      const piece = data.subarray(start, i);
      chunks.push(piece);
      length += piece.length;
      if (length > limit) return tooLarge();
      answer(Buffer.concat(chunks));
      chunks = [];
      length = 0;
      inFrame = false;
      if (i + 1 >= data.length) pendingCr = true;
      else if (data[i + 1] === carriageReturn) i++;
    }
    if (inFrame && start < data.length) {
      const piece = data.subarray(start);
      chunks.push(Buffer.from(piece));
      length += piece.length;
      if (length > limit) tooLarge();
    }
  });
  const markClosed = () => {
    closed = true;
  };
  socket.on('error', markClosed);
  socket.on('close', markClosed);
}

/** Listens for MLLP connections; each message is handed to `handle` and its answer sent back. */
export async function startMllpListener(options: MllpListenerOptions): Promise<MllpListener> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, options);
  });
  // Node closes a connection past the cap as it is accepted, so no byte of it is read.
  server.maxConnections = options.maxConnections ?? defaultMaxConnections;
  server.on('drop', () => options.onClose?.('connection-limit'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address() {
      const address = server.address();
      return { port: typeof address === 'object' && address !== null ? address.port : options.port };
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
