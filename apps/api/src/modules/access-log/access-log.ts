/**
 * The patient access log (decision 0042): every answer that carries an identifiable patient writes
 * who asked, when, through which route, what they saw, and which pathways it carried. This file is
 * the one writer of `patient_access_log`; the reader is `access-log-reader.ts`.
 */
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../identity/index.js';

/** What was read. The reader words each one (`access-log-reader.ts`). */
export const accessActions = [
  'lookup',
  'risk-summary',
  'summary-pdf',
  'history',
  'history-entry',
  'history-pdf',
  'record',
  'active-list',
  'failed-list',
  'error-history',
  'archived-list',
  'to-be-archived',
  'validation-summary',
  'rows-with-errors',
  'export',
  'access-log',
  'access-log-export',
  'worklist',
  'prioritisation',
  'prioritisation-change',
  'outcome',
  'outcome-change',
  'outcomes-summary',
  'risk-assessment',
  'changes-review',
  'identity-correction',
  'optimisation',
  'optimisation-change',
  'optimisation-letter',
  'optimisation-worklist',
  'optimisation-patient-leaflet',
] as const;
export type AccessAction = (typeof accessActions)[number];

/** An endpoint of the contracts' table as the access log names it: `GET /api/trusts/:trust/patients`. */
export const routeOf = (endpoint: { method: string; path: string }): string =>
  `${endpoint.method} ${endpoint.path}`;

export interface PatientAccess {
  /** The trust whose patients were read. */
  trustCode: string;
  /** The route that answered, as `routeOf` names it. */
  route: string;
  action: AccessAction;
  /** The pathways the answer carried, each once. */
  pathwayIds: readonly string[];
  evaluationId?: string | null;
  /** A list's page, an export's file name, an upload's id: never an NHS number or a name. */
  detail?: string | null;
}

const columns = sql`(user_id, user_name, roles, trust_code, pathway_ids, action, route, detail, evaluation_id)`;

/** The reader's columns: who, in which roles. */
const reader = (principal: Principal) =>
  sql`${principal.userId}::uuid, ${`${principal.firstName} ${principal.lastName}`}, ${
    // A system holds no role: the log says it was an integration client (decision 0047).
    principal.integrationClientId === undefined ? principal.roles.join(',') : 'Integration'
  }`;

/**
 * The pathway ids as one array literal, sent as a single parameter: an export's 100,000 ids are
 * one text value rather than 100,000 parameters.
 */
const uuidArray = (ids: readonly string[]) => sql`${`{${[...new Set(ids)].join(',')}}`}::uuid[]`;

/** Writes one entry for one answer: every pathway it carried in one row. */
export async function recordPatientAccess(
  db: Db,
  principal: Principal,
  access: PatientAccess,
): Promise<void> {
  await db.execute(sql`insert into patient_access_log ${columns}
    values (${reader(principal)}, ${access.trustCode}, ${uuidArray(access.pathwayIds)}, ${access.action},
      ${access.route}, ${access.detail ?? null}, ${access.evaluationId ?? null}::uuid)`);
}

/**
 * The same entry as an `insert … select` over `from`, for a statement that reads the patient and
 * records the read at once (a data-modifying WITH, as the risk summary does): `pathwayIds` and
 * `evaluationId` are expressions over `from`.
 */
export function patientAccessInsert(
  principal: Principal,
  access: Omit<PatientAccess, 'pathwayIds' | 'evaluationId'>,
  selected: { from: SQL; pathwayIds: SQL; evaluationId: SQL },
): SQL {
  return sql`insert into patient_access_log ${columns}
    select ${reader(principal)}, ${access.trustCode}, ${selected.pathwayIds}, ${access.action},
      ${access.route}, ${access.detail ?? null}, ${selected.evaluationId}
    from ${selected.from}`;
}

/**
 * The access entry of a download that streams its rows (an export): the pathway ids are kept as
 * the rows are read, and written in one entry when the last has been read (before the download
 * ends) or when the download is cut short (with the ids read so far). A download that carried no
 * pathway writes nothing.
 */
export interface StreamedAccess {
  /**
   * The pages as they are read, keeping the pathway ids `idsOf` finds in each (a report's rows are
   * pathways; an upload's rows are matched to them); the entry is written after the last page.
   */
  rows<Row>(
    pages: AsyncIterable<Row[]>,
    idsOf: (rows: Row[]) => readonly string[] | Promise<readonly string[]>,
  ): AsyncGenerator<Row[]>;
  /**
   * Writes the entry when `stream` closes, however it ends, if the last page did not already: the
   * promise settles once it is written (and rejects if it could not be).
   */
  writtenWhenClosed(stream: Readable): Promise<void>;
}

export function streamedAccess(
  db: Db,
  principal: Principal,
  access: Omit<PatientAccess, 'pathwayIds'>,
): StreamedAccess {
  const ids = new Set<string>();
  let written: Promise<void> | undefined;
  const write = () =>
    (written ??=
      ids.size === 0
        ? Promise.resolve()
        : recordPatientAccess(db, principal, { ...access, pathwayIds: [...ids] }));
  return {
    async *rows(pages, idsOf) {
      for await (const rows of pages) {
        for (const id of await idsOf(rows)) ids.add(id);
        yield rows;
      }
      // Before the end of the download is passed on: a download that ends has been recorded.
      await write();
    },
    writtenWhenClosed(stream) {
      return new Promise((resolve, reject) => {
        const settle = () => void write().then(resolve, reject);
        if (stream.closed || stream.destroyed) settle();
        else stream.once('close', settle);
      });
    },
  };
}
