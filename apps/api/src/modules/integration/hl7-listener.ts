import type { Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/errors.js';
import { resolveIntegrationClient } from '../identity/index.js';
import { receiveLabMessage } from './lab-messages.js';
import { hl7Answer } from './message-formats.js';
import { startMllpListener } from './messages/mllp.js';

/**
 * The HL7 v2 MLLP listener (decision 0047): the same handler as `POST /hl7/v2`, for integration
 * engines that speak only MLLP. MLLP carries no token, so every message is the configured client's,
 * looked up for each message as a token's client is, so that disabling the client (or its trust)
 * refuses its next message; it listens on loopback unless told otherwise.
 */
export async function startHl7Listener(
  db: Db,
  options: {
    port: number;
    host: string;
    clientId: string;
    readTimeoutMs: number;
    idleTimeoutMs: number;
    maxConnections: number;
    maxMessageBytes: number;
  },
  log: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  },
) {
  // A client id that names no client, or one under two issuers, stops the start with its reason.
  await resolveIntegrationClient(db, options.clientId);
  let refused = 0;
  let refusedToldAt = -Infinity;
  const listener = await startMllpListener({
    host: options.host,
    port: options.port,
    idleTimeoutMs: options.idleTimeoutMs,
    maxConnections: options.maxConnections,
    maxMessageBytes: options.maxMessageBytes,
    // An idle connection closed is routine (the engine reconnects); the other two are worth a look.
    onClose: (reason) => {
      if (reason === 'connection-limit') {
        // A flood of connections is told once a minute, with its count, not line by line.
        refused++;
        if (Date.now() - refusedToldAt < 60_000) return;
        log.warn(
          { maxConnections: options.maxConnections, refused },
          'HL7 MLLP connections refused: as many connections are open as the listener allows',
        );
        refused = 0;
        refusedToldAt = Date.now();
      } else if (reason === 'too-large')
        log.warn(
          { maxMessageBytes: options.maxMessageBytes },
          'HL7 MLLP message too large: answered AR and the connection closed',
        );
    },
    handle: async (text) => {
      try {
        const caller = await resolveIntegrationClient(db, options.clientId);
        const input = { format: 'hl7v2' as const, text, now: Date.now() };
        return (await receiveLabMessage(db, caller, input, { readTimeoutMs: options.readTimeoutMs })).body;
      } catch (error) {
        if (error instanceof HttpError) return hl7Answer(error.statusCode, error.detail).body;
        log.error({ err: error }, 'HL7 message failed');
        return hl7Answer(500, 'Internal server error occurred').body;
      }
    },
  });
  log.info({ port: listener.address().port, host: options.host }, 'HL7 MLLP listener started');
  return listener;
}
