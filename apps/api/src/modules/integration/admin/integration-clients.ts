/**
 * A trust's integration clients as its admins manage them (decisions 0047 and 0048): the list with
 * each client's last message, registering one, disabling and enabling it, and the messages the
 * trust's clients sent. Trust admins act on their own trust, super admins on any. Every change is
 * in the change log; a status change reaches the principal cache at once (migration 0031).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  acceptsIssuer,
  integrationClientMessages,
  issuerNotAcceptedMessage,
  registeredHereMessage,
  type AcceptedIssuer,
  type IntegrationClient,
  type IntegrationClients,
  type IntegrationClientStatusBody,
  type IntegrationMessagesPage,
  type IntegrationMessagesQuery,
  type MessageFormat,
  type MessageOutcome,
  type RegisterIntegrationClientBody,
} from '@esr/contracts/integration-clients';
import type { LabMessageSettings } from '@esr/contracts/patient-identity';
import { adminMessages } from '@esr/contracts/messages';
import type { Identity } from '../../../platform/config.js';
import { queryRows, type Db } from '../../../platform/db/client.js';
import { isUniqueViolation, offsetOf } from '../../../platform/db/list-queries.js';
import { badRequest, HttpError, notFound } from '../../../platform/errors.js';
import { recordChange } from '../../change-log/index.js';
import { requireAccess, type Principal } from '../../identity/index.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const trustCodeOf = (trust: string) => trust.trim().toUpperCase();

interface TrustRow extends Record<string, unknown> {
  trust_name: string;
  trust_tenant_id: string | null;
  lab_messages_without_birth_date: boolean;
}

async function findTrust(db: Db, trustCode: string, lock = false): Promise<TrustRow> {
  const [trust] = await queryRows<TrustRow>(
    db,
    sql`select trust_name, trust_tenant_id, lab_messages_without_birth_date from trusts
      where trust_code = ${trustCode} ${lock ? sql`for update` : sql``}`,
  );
  if (!trust) throw notFound(integrationClientMessages.trustNotFound);
  return trust;
}

/**
 * The issuer this installation takes tokens from, keyed as the identity module keys a token's
 * issuer: a client registered under any other could never call.
 */
export function acceptedIssuerOf(identity: Identity, trustTenantId: string | null): AcceptedIssuer {
  if (identity.kind === 'development') return { kind: 'development' };
  if (identity.provider === 'entra') return { kind: 'entra', trustTenantId };
  return { kind: 'issuer', issuer: identity.issuer };
}

interface ClientRow extends Record<string, unknown> {
  id: string;
  name: string;
  client_id: string;
  issuer: string;
  status: number;
  created_at: string | Date;
  last_received_at: string | Date | null;
  last_outcome: string | null;
}

// The newest message of each client, read backwards from the trust's (trust, received_at) index.
const clientColumns = sql`c.id, c.name, c.client_id, c.issuer, c.status, c.created_at,
  m.received_at as last_received_at, m.outcome as last_outcome`;
const lastMessage = sql`left join lateral (
    select received_at, outcome from integration_messages m
    where m.trust_code = c.trust_code and m.integration_client_id = c.id
    order by m.received_at desc limit 1
  ) m on true`;

const toClient = (row: ClientRow): IntegrationClient => ({
  id: row.id,
  name: row.name,
  clientId: row.client_id,
  issuer: row.issuer,
  status: Number(row.status) === 1 ? 1 : 0,
  registeredAt: new Date(row.created_at).toISOString(),
  lastMessage: row.last_received_at
    ? {
        receivedAt: new Date(row.last_received_at).toISOString(),
        outcome: row.last_outcome as MessageOutcome,
      }
    : null,
});

async function loadClient(db: Db, trustCode: string, id: string, lock = false): Promise<ClientRow> {
  if (!uuidPattern.test(id)) throw notFound(integrationClientMessages.notFound);
  const [row] = await queryRows<ClientRow>(
    db,
    sql`select ${clientColumns} from integration_clients c ${lastMessage}
        where c.id = ${id} and c.trust_code = ${trustCode}
        ${lock ? sql`for update of c` : sql``}`,
  );
  if (!row) throw notFound(integrationClientMessages.notFound);
  return row;
}

/** GET /api/trusts/{trust}/integration-clients: the trust's clients by name, and the issuer it may register. */
export async function listIntegrationClients(
  db: Db,
  identity: Identity,
  principal: Principal,
  trust: string,
): Promise<IntegrationClients> {
  const trustCode = trustCodeOf(trust);
  requireAccess(principal, 'integration-clients:read', trustCode);
  const found = await findTrust(db, trustCode);
  const rows = await queryRows<ClientRow>(
    db,
    sql`select ${clientColumns} from integration_clients c ${lastMessage}
        where c.trust_code = ${trustCode} order by lower(c.name), c.created_at, c.id`,
  );
  return {
    trustCode,
    trustName: found.trust_name,
    acceptedIssuer: acceptedIssuerOf(identity, found.trust_tenant_id),
    items: rows.map(toClient),
    settings: { labMessagesWithoutBirthDate: found.lab_messages_without_birth_date },
  };
}

/**
 * PUT /api/trusts/{trust}/integration-clients/settings (decision 0055): whether the trust's
 * laboratory systems send a date of birth with each result. Off, a result without one is refused;
 * on, it is matched by NHS number alone. In the change log when it changes.
 */
export async function changeLabMessageSettings(
  db: Db,
  principal: Principal,
  trust: string,
  body: LabMessageSettings,
): Promise<LabMessageSettings> {
  const trustCode = trustCodeOf(trust);
  requireAccess(principal, 'integration-clients:write', trustCode);
  return db.transaction(async (tx) => {
    const found = await findTrust(tx, trustCode, true);
    const before = found.lab_messages_without_birth_date;
    const after = body.labMessagesWithoutBirthDate;
    if (before !== after) {
      await tx.execute(sql`update trusts set lab_messages_without_birth_date = ${after}, updated_at = now()
        where trust_code = ${trustCode}`);
      await recordChange(tx, {
        principal,
        trustCode,
        trustName: found.trust_name,
        action: `Results without a date of birth from the trust's laboratory systems: ${after ? 'matched by NHS number alone' : 'refused'}`,
        entityType: 'trust',
        entityId: trustCode,
        before: { labMessagesWithoutBirthDate: before },
        after: { labMessagesWithoutBirthDate: after },
      });
    }
    return { labMessagesWithoutBirthDate: after };
  });
}

/** 409 naming the field, so that the form says it under the client ID. */
const clientIdTaken = (detail: string) => new HttpError(409, detail, { clientId: [detail] });

async function refuseTakenClientId(db: Db, trustCode: string, issuer: string, clientId: string) {
  const [taken] = await queryRows<{ name: string; trust_code: string }>(
    db,
    sql`select name, trust_code from integration_clients where issuer = ${issuer} and client_id = ${clientId}`,
  );
  if (!taken) return;
  // Another trust's client is not named: only that it exists, since a client acts for one trust.
  throw clientIdTaken(
    taken.trust_code === trustCode
      ? registeredHereMessage(taken.name)
      : integrationClientMessages.registeredElsewhere,
  );
}

/** POST /api/trusts/{trust}/integration-clients: 201 with the client, active; 409 when its client ID is taken. */
export async function registerIntegrationClient(
  db: Db,
  identity: Identity,
  principal: Principal,
  trust: string,
  body: RegisterIntegrationClientBody,
): Promise<IntegrationClient> {
  const trustCode = trustCodeOf(trust);
  requireAccess(principal, 'integration-clients:write', trustCode);
  const { name, issuer, clientId } = body;
  const id = crypto.randomUUID();
  try {
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const found = await findTrust(txDb, trustCode);
      const accepted = acceptedIssuerOf(identity, found.trust_tenant_id);
      if (!acceptsIssuer(accepted, issuer))
        throw badRequest(adminMessages.validationFailed, { issuer: [issuerNotAcceptedMessage(accepted)] });
      await refuseTakenClientId(txDb, trustCode, issuer, clientId);
      await txDb.execute(sql`insert into integration_clients (id, issuer, client_id, trust_code, name)
        values (${id}, ${issuer}, ${clientId}, ${trustCode}, ${name})`);
      await recordChange(txDb, {
        principal,
        trustCode,
        trustName: found.trust_name,
        action: `Registered integration client ${name}`,
        entityType: 'integration-client',
        entityId: id,
        before: null,
        after: { name, issuer, clientId },
      });
    });
  } catch (error) {
    // Two registrations of one client at once: the second learns whose it is, as a 409 rather than
    // the database's error (tested on PostgreSQL in integration-client-ids.api.test.ts).
    if (isUniqueViolation(error, 'integration_clients_issuer_client_idx')) {
      await refuseTakenClientId(db, trustCode, issuer, clientId);
    }
    throw error;
  }
  return toClient(await loadClient(db, trustCode, id));
}

/**
 * PUT /api/trusts/{trust}/integration-clients/{id}/status: disables or enables the client. The
 * update announces itself to the principal cache in its own statement (migration 0031), so a
 * disabled client's next call is refused even where its principal was cached.
 */
export async function changeIntegrationClientStatus(
  db: Db,
  principal: Principal,
  trust: string,
  id: string,
  body: IntegrationClientStatusBody,
): Promise<IntegrationClient> {
  const trustCode = trustCodeOf(trust);
  requireAccess(principal, 'integration-clients:write', trustCode);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const before = await loadClient(txDb, trustCode, id, true);
    if (Number(before.status) === body.status) return;
    const found = await findTrust(txDb, trustCode);
    await txDb.execute(sql`update integration_clients set status = ${body.status} where id = ${before.id}`);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: found.trust_name,
      action: `${body.status === 1 ? 'Enabled' : 'Disabled'} integration client ${before.name}`,
      entityType: 'integration-client',
      entityId: before.id,
      before: { status: Number(before.status) },
      after: { status: body.status },
    });
  });
  return toClient(await loadClient(db, trustCode, id));
}

interface MessageRow extends Record<string, unknown> {
  id: string;
  received_at: string | Date;
  client_name: string;
  format: string;
  message_id: string;
  outcome: string;
  results: number;
  applied: number;
  held: number;
  ignored: number;
  pathways: number | string;
  detail: string | null;
  total_count: number | string;
}

/**
 * GET /api/trusts/{trust}/integration-clients/messages: what the trust's clients sent, newest
 * first, a page at a time. The record holds no patient data, and none is read here.
 */
export async function listIntegrationMessages(
  db: Db,
  principal: Principal,
  trust: string,
  query: IntegrationMessagesQuery,
): Promise<IntegrationMessagesPage> {
  const trustCode = trustCodeOf(trust);
  requireAccess(principal, 'integration-clients:read', trustCode);
  await findTrust(db, trustCode);
  const { pageNumber, pageSize } = query;
  const where = sql`m.trust_code = ${trustCode}`;
  const rows = await queryRows<MessageRow>(
    db,
    sql`select m.id, m.received_at, c.name as client_name, m.format, m.message_id, m.outcome,
          m.results, m.applied, m.held, m.ignored, cardinality(m.changed_pathway_ids) as pathways,
          m.detail, count(*) over () as total_count
        from integration_messages m join integration_clients c on c.id = m.integration_client_id
        where ${where}
        order by m.received_at desc, m.id desc
        limit ${pageSize} offset ${offsetOf(pageNumber, pageSize)}`,
  );
  let totalCount = Number(rows[0]?.total_count ?? 0);
  if (rows.length === 0 && pageNumber > 1) {
    const [counted] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from integration_messages m where ${where}`,
    );
    totalCount = Number(counted?.n ?? 0);
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      receivedAt: new Date(row.received_at).toISOString(),
      clientName: row.client_name,
      format: row.format as MessageFormat,
      messageId: row.message_id,
      outcome: row.outcome as MessageOutcome,
      results: Number(row.results),
      applied: Number(row.applied),
      held: Number(row.held),
      ignored: Number(row.ignored),
      pathwaysUpdated: Number(row.pathways),
      detail: row.detail,
    })),
    pageNumber,
    pageSize,
    totalCount,
  };
}
