import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { Principal } from '../identity/index.js';
import { receiveLabMessage } from './lab-messages.js';
import { hl7Format } from './message-formats.js';
import { startMllpListener } from './messages/mllp.js';

interface ClientRow extends Record<string, unknown> {
  id: string;
  name: string;
  status: number;
  trust_code: string;
  trust_name: string;
}

/**
 * The HL7 v2 MLLP listener (decision 0047): the same handler as `POST /hl7/v2`, for integration
 * engines that speak only MLLP. MLLP carries no token, so every message is the configured client's;
 * it listens on loopback unless told otherwise, for a trust's network to reach through its engine.
 */
export async function startHl7Listener(
  db: Db,
  options: { port: number; host: string; clientId: string },
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void },
) {
  const rows = await queryRows<ClientRow>(
    db,
    sql`select c.id, c.name, c.status, t.trust_code, t.trust_name
        from integration_clients c join trusts t on t.trust_code = c.trust_code
        where c.client_id = ${options.clientId}`,
  );
  if (rows.length !== 1)
    throw new Error(
      rows.length === 0
        ? `HL7_MLLP_CLIENT names no registered integration client: ${options.clientId}`
        : `HL7_MLLP_CLIENT names a client id registered with more than one issuer: ${options.clientId}`,
    );
  const client = rows[0]!;
  const caller: Principal = {
    userId: client.id,
    firstName: 'Integration client',
    lastName: client.name,
    email: '',
    trustCode: client.trust_code,
    trustName: client.trust_name,
    roles: [],
    integrationClientId: client.id,
  };
  const listener = await startMllpListener({
    host: options.host,
    port: options.port,
    handle: async (text) => {
      try {
        const answer = await receiveLabMessage(db, caller, text, hl7Format(text));
        return answer.body;
      } catch (error) {
        log.error({ err: error }, 'HL7 message failed');
        return hl7Format(text).refused(new Error('failed')).answer.body;
      }
    },
  });
  log.info({ port: listener.address().port, host: options.host }, 'HL7 MLLP listener started');
  return listener;
}
