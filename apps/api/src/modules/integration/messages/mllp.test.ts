import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hl7Ack } from './hl7-ack.js';
import { startMllpListener, type MllpCloseReason, type MllpListener } from './mllp.js';

const VT = '\u000b';
const END = '\u001c\r';
const message = (id: string, extra = '') =>
  `MSH|^~\\&|WINPATH|RTH01|ESR|RTH01|20261125103012||ORU^R01^ORU_R01|${id}|P|2.4${extra}\rPID|1||9434765919^^^NHS^NH\r`;

let listener: MllpListener | null = null;
afterEach(async () => {
  await listener?.close();
  listener = null;
});

/** A listener that answers each message with an AA naming what it received. */
async function echoListener(
  options: {
    maxMessageBytes?: number;
    idleTimeoutMs?: number;
    maxConnections?: number;
    onClose?: (reason: MllpCloseReason) => void;
    handle?: (text: string) => Promise<string>;
  } = {},
) {
  const received: string[] = [];
  listener = await startMllpListener({
    host: '127.0.0.1',
    port: 0,
    maxMessageBytes: options.maxMessageBytes,
    idleTimeoutMs: options.idleTimeoutMs,
    maxConnections: options.maxConnections,
    onClose: options.onClose,
    handle:
      options.handle ??
      (async (text) => {
        received.push(text);
        return hl7Ack(text, 'AA', undefined, `received ${text.length} characters`);
      }),
  });
  return received;
}

/** Connects, sends the chunks (waiting a little between them), and collects the frames answered. */
async function exchange(
  chunks: (string | Buffer)[],
  answers: number,
): Promise<{ frames: string[]; closed: boolean }> {
  const socket = net.connect(listener!.address().port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const frames: string[] = [];
  let buffer = Buffer.alloc(0);
  let closed = false;
  const done = new Promise<void>((resolve) => {
    socket.on('data', (data) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        const end = buffer.indexOf(0x1c);
        if (end < 0 || end + 1 >= buffer.length) break;
        expect(buffer[0]).toBe(0x0b);
        expect(buffer[end + 1]).toBe(0x0d);
        frames.push(buffer.subarray(1, end).toString('utf8'));
        buffer = buffer.subarray(end + 2);
      }
      if (frames.length >= answers) resolve();
    });
    socket.on('close', () => {
      closed = true;
      resolve();
    });
  });
  for (const chunk of chunks) {
    socket.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  await done;
  await new Promise((resolve) => setTimeout(resolve, 20));
  socket.destroy();
  return { frames, closed };
}

/** A connection left open, with the frames it is answered and when it is closed (ms after opening). */
async function openConnection(options: { allowHalfOpen?: boolean } = {}) {
  const socket = net.connect({
    port: listener!.address().port,
    host: '127.0.0.1',
    allowHalfOpen: options.allowHalfOpen ?? false,
  });
  const opened = Date.now();
  const state = { socket, answers: [] as string[], ended: false, closedAfterMs: null as number | null };
  socket.on('error', () => {});
  socket.on('data', (data) => state.answers.push(data.toString('utf8')));
  socket.on('end', () => (state.ended = true));
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      state.closedAfterMs = Date.now() - opened;
      resolve();
    }),
  );
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  return { ...state, state, closed };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const msa = (frame: string) =>
  frame
    .split('\r')
    .find((s) => s.startsWith('MSA'))!
    .split('|');

describe('startMllpListener', () => {
  it('answers one framed message on a real socket', async () => {
    const received = await echoListener();
    const { frames } = await exchange([`${VT}${message('A1')}${END}`], 1);
    expect(received).toEqual([message('A1')]);
    expect(msa(frames[0]!).slice(0, 3)).toEqual(['MSA', 'AA', 'A1']);
  });

  it('answers several messages on one connection, in order, whether they come in one chunk or split anywhere', async () => {
    const received = await echoListener();
    const all = `${VT}${message('B1')}${END}${VT}${message('B2')}${END}${VT}${message('B3')}${END}`;
    const { frames } = await exchange(
      [all.slice(0, 7), all.slice(7, 120), all.slice(120, -1), all.slice(-1)],
      3,
    );
    expect(received).toEqual([message('B1'), message('B2'), message('B3')]);
    expect(frames.map((f) => msa(f)[2])).toEqual(['B1', 'B2', 'B3']);
  });

  it('handles an end block split from its CR, and stray line ends between frames', async () => {
    const received = await echoListener();
    const { frames } = await exchange(
      [`${VT}${message('C1')}\u001c`, `\r\n\r\n${VT}${message('C2')}${END}`],
      2,
    );
    expect(received).toEqual([message('C1'), message('C2')]);
    expect(frames).toHaveLength(2);
  });

  it('decodes UTF-8, and ISO 8859-1 when MSH-18 says so', async () => {
    const received = await echoListener();
    const utf8 = message('D1').replace('PID|1||', 'PID|1||9434765919^^^NHS^NH||RENÉE^ZOË|');
    const latin1 = message('D2', '|||AL|NE|GBR|8859/1').replace(
      'PID|1||',
      'PID|1||9434765919^^^NHS^NH||RENÉE|',
    );
    await exchange(
      [
        Buffer.concat([Buffer.from(VT), Buffer.from(utf8, 'utf8'), Buffer.from(END)]),
        Buffer.concat([Buffer.from(VT), Buffer.from(latin1, 'latin1'), Buffer.from(END)]),
      ],
      2,
    );
    expect(received).toEqual([utf8, latin1]);
  });

  it('answers a message over the size limit with an AR and closes the connection', async () => {
    const received = await echoListener({ maxMessageBytes: 2000 });
    const big = message('E1') + `NTE|1||${'x'.repeat(3000)}\r`;
    const { frames, closed } = await exchange([`${VT}${big.slice(0, 1000)}`, big.slice(1000), END], 1);
    expect(received).toEqual([]);
    expect(msa(frames[0]!).slice(0, 4)).toEqual([
      'MSA',
      'AR',
      'E1',
      'The message is larger than 2,000 bytes, the most one message may be.',
    ]);
    expect(closed).toBe(true);
  });

  it('answers an AR when the handler fails, and goes on with the next message', async () => {
    let calls = 0;
    await echoListener({
      handle: async (text) => {
        calls++;
        if (calls === 1) throw new Error('database down');
        return hl7Ack(text, 'AA');
      },
    });
    const { frames } = await exchange([`${VT}${message('F1')}${END}${VT}${message('F2')}${END}`], 2);
    expect(msa(frames[0]!).slice(0, 3)).toEqual(['MSA', 'AR', 'F1']);
    expect(frames[0]).toContain('207^Application internal error^HL70357');
    expect(msa(frames[1]!).slice(0, 3)).toEqual(['MSA', 'AA', 'F2']);
  });

  it('closes a connection idle for the timeout, unfinished frame and all, and reports it', async () => {
    const reasons: MllpCloseReason[] = [];
    const received = await echoListener({ idleTimeoutMs: 250, onClose: (reason) => reasons.push(reason) });
    const quiet = await openConnection();
    const talking = await openConnection();
    quiet.socket.write(`${VT}${message('I1').slice(0, 40)}`);
    // Bytes every 50 ms keep the other one open past the timeout.
    const all = `${VT}${message('I2')}${END}`;
    for (let i = 0; i < all.length; i += 15) {
      talking.socket.write(all.slice(i, i + 15));
      await pause(50);
    }
    await quiet.closed;
    expect(quiet.state.closedAfterMs).toBeGreaterThanOrEqual(240);
    expect(quiet.state.closedAfterMs).toBeLessThan(1000);
    expect(talking.state.closedAfterMs).toBeNull();
    expect(received).toEqual([message('I2')]);
    expect(reasons).toEqual(['idle']);
    await talking.closed;
    expect(reasons).toEqual(['idle', 'idle']);
  });

  it('does not count waiting for the handler as idle', async () => {
    await echoListener({
      idleTimeoutMs: 100,
      handle: async (text) => {
        await pause(300);
        return hl7Ack(text, 'AA');
      },
    });
    const { frames, closed } = await exchange([`${VT}${message('J1')}${END}`], 1);
    expect(msa(frames[0]!).slice(0, 3)).toEqual(['MSA', 'AA', 'J1']);
    expect(closed).toBe(false);
  });

  it('closes a connection past the cap as it arrives, reads nothing from it, and takes one again when a slot frees', async () => {
    const reasons: MllpCloseReason[] = [];
    const received = await echoListener({ maxConnections: 2, onClose: (reason) => reasons.push(reason) });
    const first = await openConnection();
    const second = await openConnection();
    // Both answered: the listener holds both before the third arrives.
    first.socket.write(`${VT}${message('K1')}${END}`);
    second.socket.write(`${VT}${message('K2')}${END}`);
    while (first.state.answers.length === 0 || second.state.answers.length === 0) await pause(5);
    const third = await openConnection();
    third.socket.write(`${VT}${message('K3')}${END}`);
    await third.closed;
    expect(third.state.closedAfterMs).toBeLessThan(500);
    expect(third.state.answers).toEqual([]);
    expect(reasons).toEqual(['connection-limit']);
    first.socket.destroy();
    await first.closed;
    await pause(20);
    const { frames } = await exchange([`${VT}${message('K4')}${END}`], 1);
    expect(msa(frames[0]!).slice(0, 3)).toEqual(['MSA', 'AA', 'K4']);
    expect(received).toEqual([message('K1'), message('K2'), message('K4')]);
    second.socket.destroy();
  });

  it('answers an unfinished frame past the size limit with an AR, drops it and closes, even if the sender keeps its side open', async () => {
    const reasons: MllpCloseReason[] = [];
    const received = await echoListener({
      maxMessageBytes: 2000,
      idleTimeoutMs: 200,
      onClose: (reason) => reasons.push(reason),
    });
    // A sender that keeps its side open after the listener's ends (no end block ever comes).
    const sender = await openConnection({ allowHalfOpen: true });
    sender.socket.write(`${VT}${message('L1')}NTE|1||`);
    for (let i = 0; i < 5 && sender.state.answers.length === 0; i++) {
      sender.socket.write('x'.repeat(600));
      await pause(15);
    }
    while (!sender.state.ended) await pause(5);
    const answered = Date.now();
    // Its side closed too at the idle timeout: bytes it sends then are refused, and it sees the close.
    while (sender.state.closedAfterMs === null && Date.now() - answered < 1000) {
      sender.socket.write('x');
      await pause(25);
    }
    await sender.closed;
    expect(Date.now() - answered).toBeGreaterThanOrEqual(190);
    const answer = sender.state.answers.join('');
    expect(answer.startsWith(VT) && answer.endsWith(END)).toBe(true);
    expect(msa(answer.slice(1, -2)).slice(0, 4)).toEqual([
      'MSA',
      'AR',
      'L1',
      'The message is larger than 2,000 bytes, the most one message may be.',
    ]);
    expect(received).toEqual([]);
    expect(reasons).toEqual(['too-large']);
    expect(sender.state.closedAfterMs).toBeLessThan(900);
  });

  it('closes with connections open', async () => {
    await echoListener();
    const socket = net.connect(listener!.address().port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await listener!.close();
    listener = null;
    await closed;
  });
});
