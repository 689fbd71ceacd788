/** What every page of the open-pathway lists shares: its shape, and its one access entry (decision 0042). */
import { sql, type SQL } from 'drizzle-orm';
import type { ActiveRecordsFilter } from '@esr/contracts/open-pathways';
import { type Db } from '../../platform/db/client.js';
import type { Principal } from '../identity/index.js';
import { recordPatientAccess, routeOf, type AccessAction } from '../access-log/index.js';

export type Paged<T> = { items: T[]; pageNumber: number; pageSize: number; totalCount: number };
/** The filters of the active list by name, as an access entry says which were used (never their values). */
const filterNames: Record<keyof ActiveRecordsFilter, string> = {
  nhsNumber: 'NHS number',
  hospitalNumber: 'local patient identifier',
  surgeonName: 'consultant surgeon',
  tciDate: 'TCI date',
  referralDate: 'referral date',
  status: 'status',
  prediction: 'prediction',
  social: 'social aspects',
  surgery: 'readiness for surgery',
  missingInputs: 'missing inputs',
  tciPassed: 'TCI date passed',
};
/**
 * A page of a list carries its patients' names, NHS numbers and dates of birth: each page read is
 * one access entry naming its pathways (decision 0042). An empty page carried no one.
 */
export async function recordPage(
  db: Db,
  principal: Principal,
  trustCode: string,
  read: { action: AccessAction; endpoint: { method: string; path: string } },
  page: { pageNumber: number; items: { id: string }[] },
  filter: ActiveRecordsFilter = {},
): Promise<void> {
  if (page.items.length === 0) return;
  const used = (Object.keys(filterNames) as (keyof ActiveRecordsFilter)[])
    .filter((key) => present(filter[key]))
    .map((key) => filterNames[key]);
  await recordPatientAccess(db, principal, {
    trustCode,
    route: routeOf(read.endpoint),
    action: read.action,
    pathwayIds: page.items.map((item) => item.id),
    detail: `page ${page.pageNumber}${used.length > 0 ? `, filtered by ${used.join(', ')}` : ''}`,
  });
}
export const n = (value: unknown) => Number(value ?? 0);
export const present = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';
export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
