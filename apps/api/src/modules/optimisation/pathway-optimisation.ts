/**
 * One pathway's modifiable risk factors (decision 0071): found from its current values, each with
 * its dated entries (never updated or removed), its status, due date and the services the trust
 * refers to. Every read is in the patient access log; every entry in the change log too.
 */
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  administrativeStatuses,
  factorDefinitions,
  isClosed,
  maxOptimisationTextLength,
  optimisationFactors,
  optimisationMessages,
  optimisationStatusLabels,
  weightNeverDelays,
  type FoundFactor,
  type OptimisationFactor,
  type OptimisationRequest,
  type OptimisationStatus,
  type PathwayFactor,
  type PathwayOptimisation,
} from '@esr/contracts/optimisation';
import { queryRows, type Db } from '../../platform/db/client.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import { badRequest, conflict, forbidden } from '../../platform/errors.js';
import { recordPatientAccess, routeOf } from '../access-log/index.js';
import { recordChange, type PathwayOfChange } from '../change-log/index.js';
import { hasAccess, principalName, requireAccess, type PathwayTarget } from '../identity/index.js';
import { findPathway } from '../pathways/index.js';
import { spacedNhsNumber } from '../reports/index.js';
import type { GpLetterInput } from './gp-letter.js';
import { dueOnOf, factorOnDay, factorStateOf, refreshFactorsOf } from './factor-states.js';
import { factorsFound, trustOptimisation, type TrustOptimisation } from './trust-optimisation.js';
import type { PatientLeafletInput } from './patient-leaflet.js';

interface OptimisedPathway extends PathwayOfChange, Record<string, unknown> {
  is_active: boolean;
  clinical: Record<string, unknown> | string;
  lab_dates: Record<string, string> | string | null;
  tci_date: string | null;
  date_of_birth: string | null;
  listed_on: string;
}

const pathwayColumns = sql`p.id, p.procedure_code, p.nhs_number, p.local_patient_identifier, p.first_name,
  p.last_name, p.is_active, p.clinical, p.lab_dates, p.tci_date::text as tci_date,
  p.date_of_birth::text as date_of_birth,
  (p.created_at at time zone 'Europe/London')::date::text as listed_on`;

interface EntryRow extends Record<string, unknown> {
  factor: string;
  status: OptimisationStatus;
  service: string | null;
  note: string | null;
  reason: string | null;
  finding: string | null;
  finding_date: string | null;
  risk_before: number | null;
  risk_after: number | null;
  recorded_by: string;
  recorded_at: string | Date;
  recorded_on: string;
}

const entryColumns = sql`factor, status, service, note, reason, finding, finding_date::text as finding_date,
  risk_before, risk_after, recorded_by, recorded_at,
  (recorded_at at time zone 'Europe/London')::date::text as recorded_on`;

async function entriesOf(db: Db, pathwayId: string): Promise<EntryRow[]> {
  return queryRows<EntryRow>(
    db,
    sql`select ${entryColumns} from optimisation_entries where pathway_id = ${pathwayId}
      order by recorded_at desc, id desc`,
  );
}

/**
 * A factor as the screens show it, by the rules the worklist's rows keep (factor-states.ts): its
 * status is its latest entry's, or identified while only found; a closed factor found again by a
 * value taken after it closed is identified again.
 */
function factorOf(
  code: OptimisationFactor,
  found: FoundFactor | undefined,
  entries: EntryRow[],
  pathway: OptimisedPathway,
  trust: TrustOptimisation,
  today: string,
): PathwayFactor | null {
  const brief = entries[0]
    ? {
        latestStatus: entries[0].status,
        latestOn: entries[0].recorded_on,
        firstOn: entries.reduce(
          (first, entry) => (entry.recorded_on < first ? entry.recorded_on : first),
          entries[0].recorded_on,
        ),
      }
    : undefined;
  const state = factorStateOf(code, found, brief, pathway.listed_on, trust.maxAgeDays);
  const shown = state && factorOnDay(state, today);
  if (!shown) return null;
  const dueOn = dueOnOf(pathway.tci_date, shown.identifiedOn, trust.rules.dueWeeks);
  const definition = factorDefinitions[code];
  return {
    code,
    label: definition.label,
    status: shown.status,
    finding: shown.finding,
    value: shown.value,
    valueDate: shown.valueDate,
    ask: definition.ask,
    guidance: definition.guidance,
    identifiedOn: shown.identifiedOn,
    dueOn,
    overdue: !isClosed(shown.status) && today > dueOn,
    services: trust.services[code],
    entries: entries.map((entry) => ({
      status: entry.status,
      service: entry.service,
      note: entry.note,
      reason: entry.reason,
      finding: entry.finding,
      findingDate: entry.finding_date,
      riskBefore: entry.risk_before,
      riskAfter: entry.risk_after,
      recordedBy: entry.recorded_by,
      recordedAt: new Date(entry.recorded_at).toISOString(),
    })),
  };
}

/** Every factor found or with entries, in the rules' order. */
async function optimisationOf(
  db: Db,
  pathway: OptimisedPathway,
  trust: TrustOptimisation,
  today: string,
): Promise<PathwayOptimisation> {
  const found = factorsFound(pathway, trust, today);
  const entries = await entriesOf(db, pathway.id);
  const factors = optimisationFactors.flatMap((code) => {
    const factor = factorOf(
      code,
      found.find((candidate) => candidate.code === code),
      entries.filter((entry) => entry.factor === code),
      pathway,
      trust,
      today,
    );
    return factor ? [factor] : [];
  });
  return { factors, isActive: pathway.is_active, weightNote: weightNeverDelays };
}

/** GET …/patients/{id}/optimisation (an access-log read). */
export async function pathwayOptimisation(
  [db, principal, trustCode, procedureCode, id]: PathwayTarget,
  today = todayInLondon(),
): Promise<PathwayOptimisation> {
  requireAccess(principal, 'optimisation:read', trustCode);
  const pathway = await findPathway<OptimisedPathway>(db, { trustCode, procedureCode, id }, pathwayColumns);
  const answer = await optimisationOf(db, pathway, await trustOptimisation(db, trustCode), today);
  await recordPatientAccess(db, principal, {
    trustCode,
    route: routeOf(endpoints.optimisation.pathway),
    action: 'optimisation',
    pathwayIds: [id],
  });
  return answer;
}

/** A note or reason as typed, trimmed; null when blank. */
function textOf(value: string | undefined, field: string, tooLong: string, errors: Record<string, string[]>) {
  const text = (value ?? '').replace(/\r\n/g, '\n').trim();
  if (text.length > maxOptimisationTextLength) errors[field] = [tooLong];
  return text === '' ? null : text;
}

function refuseIfAny(errors: Record<string, string[]>) {
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw badRequest(messages[0]!, errors);
}

/** POST …/patients/{id}/optimisation: a new dated entry for one factor. */
export async function recordOptimisation(
  [db, principal, trustCode, procedureCode, id]: PathwayTarget,
  body: OptimisationRequest,
  today = todayInLondon(),
): Promise<PathwayOptimisation> {
  const clinical = hasAccess(principal, 'optimisation:clinical', trustCode);
  if (!clinical) requireAccess(principal, 'optimisation:administrative', trustCode);
  const errors: Record<string, string[]> = {};
  if (!body.factor) errors.factor = [optimisationMessages.factorRequired];
  if (!body.status) errors.status = [optimisationMessages.statusRequired];
  const service = (body.service ?? '').trim();
  if (body.status === 'referred' && service === '') errors.service = [optimisationMessages.serviceRequired];
  const note = textOf(body.note, 'note', optimisationMessages.noteTooLong, errors);
  const reason = textOf(body.reason, 'reason', optimisationMessages.reasonTooLong, errors);
  if ((body.status === 'met' || body.status === 'declined' || body.status === 'not_possible') && !reason)
    errors.reason = [
      body.status === 'met' ? optimisationMessages.metReasonRequired : optimisationMessages.reasonRequired,
    ];
  refuseIfAny(errors);
  const factor = body.factor!;
  const status = body.status!;
  if (!clinical && !administrativeStatuses.includes(status))
    throw forbidden(optimisationMessages.clinicalOnly);
  return db.transaction(async (tx) => {
    const pathway = await findPathway<OptimisedPathway>(
      tx,
      { trustCode, procedureCode, id },
      pathwayColumns,
      true,
    );
    if (!pathway.is_active) throw conflict(optimisationMessages.archived);
    const trust = await trustOptimisation(tx, trustCode);
    if (status === 'referred' && !trust.services[factor].includes(service))
      throw badRequest(optimisationMessages.serviceUnknown, {
        service: [optimisationMessages.serviceUnknown],
      });
    const current = (await optimisationOf(tx, pathway, trust, today)).factors.find(
      (candidate) => candidate.code === factor,
    );
    if (!current) throw conflict(optimisationMessages.notFound);
    if (isClosed(current.status)) throw conflict(optimisationMessages.closed);
    // A referral keeps the finding that is its reason, as the ServiceRequest sends it.
    const referral = status === 'referred';
    await tx.execute(sql`insert into optimisation_entries (id, pathway_id, trust_code, factor, status,
        service, note, reason, finding, finding_date, value, user_id, recorded_by)
      values (${timeOrderedUuid()}, ${id}, ${trustCode}, ${factor}, ${status},
        ${referral ? service : null}, ${note}, ${reason}, ${referral ? current.finding : null},
        ${referral ? current.valueDate : null}::date, ${referral ? current.value : null}::float8,
        ${principal.userId}::uuid, ${principalName(principal)})`);
    await refreshFactorsOf(tx, { trustCode, procedureCode }, [id], trust, today);
    const label = factorDefinitions[factor].label.toLowerCase();
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Recorded ${label} as ${optimisationStatusLabels[status].toLowerCase()}`,
      entityType: 'patient',
      pathway,
      before: { [factor]: current.status },
      after: {
        [factor]: status,
        ...(status === 'referred' ? { service } : {}),
        ...(note ? { note } : {}),
        ...(reason ? { reason } : {}),
      },
    });
    await recordPatientAccess(tx, principal, {
      trustCode,
      route: routeOf(endpoints.optimisation.record),
      action: 'optimisation-change',
      pathwayIds: [id],
    });
    return optimisationOf(tx, pathway, trust, today);
  });
}

/** The patient of a letter or page, and their factors not closed (an access-log read, as `action`). */
async function openFactorsFor(
  [db, principal, trustCode, procedureCode, id]: PathwayTarget,
  read: { route: string; action: 'optimisation-letter' | 'optimisation-patient-leaflet' },
  today: string,
) {
  requireAccess(principal, 'optimisation:read', trustCode);
  const pathway = await findPathway<OptimisedPathway>(db, { trustCode, procedureCode, id }, pathwayColumns);
  const trust = await trustOptimisation(db, trustCode);
  const { factors, weightNote } = await optimisationOf(db, pathway, trust, today);
  await recordPatientAccess(db, principal, { trustCode, ...read, pathwayIds: [id] });
  const name = [pathway.first_name, pathway.last_name].filter(Boolean).join(' ');
  return {
    patient: {
      name: name || 'Not recorded',
      nhsNumber: pathway.nhs_number ? spacedNhsNumber(pathway.nhs_number) : 'Not recorded',
      dateOfBirth: pathway.date_of_birth,
      tciDate: pathway.tci_date,
    },
    factors: factors.filter((factor) => !isClosed(factor.status)),
    weightNote,
    contacts: trust.contacts,
  };
}

/** What the letter to the GP says of the pathway: the patient, and the factors not closed (an access-log read). */
export async function gpLetterContent(
  target: PathwayTarget,
  today = todayInLondon(),
): Promise<Pick<GpLetterInput, 'patient' | 'factors' | 'weightNote'>> {
  const { patient, factors, weightNote } = await openFactorsFor(
    target,
    { route: routeOf(endpoints.optimisation.gpLetter), action: 'optimisation-letter' },
    today,
  );
  return { patient, factors, weightNote };
}

/**
 * What the patient's page says of the pathway (an access-log read): the patient, and each factor
 * not closed with the service it was last referred to and that service's contact, when the trust
 * gave one.
 */
export async function patientLeafletContent(
  target: PathwayTarget,
  today = todayInLondon(),
): Promise<Pick<PatientLeafletInput, 'patient' | 'factors'>> {
  const { patient, factors, contacts } = await openFactorsFor(
    target,
    { route: routeOf(endpoints.optimisation.patientLeaflet), action: 'optimisation-patient-leaflet' },
    today,
  );
  return {
    patient,
    factors: factors.map((factor) => {
      // Entries are newest first: the service of the latest referral.
      const service = factor.entries.find((entry) => entry.status === 'referred')?.service ?? null;
      return {
        code: factor.code,
        service,
        contact: service !== null && Object.hasOwn(contacts, service) ? contacts[service]! : null,
        dueOn: factor.dueOn,
        overdue: factor.overdue,
      };
    }),
  };
}

/** A referral as the trust's systems read it (a FHIR ServiceRequest): the entry, and its factor now. */
export interface Referral {
  id: string;
  factor: OptimisationFactor;
  label: string;
  ask: string;
  service: string;
  note: string | null;
  recordedAt: string;
  status: OptimisationStatus;
  dueOn: string;
  finding: string | null;
  value: number | null;
  valueDate: string | null;
  nhsNumber: string;
  pathwayId: string;
}

/**
 * The referrals of the trust's active pathways of one NHS number, or the one referral with an id,
 * oldest first. The caller records the read in the access log.
 */
export async function referralsOf(
  db: Db,
  trustCode: string,
  which: { nhsNumber: string } | { id: string },
  today = todayInLondon(),
): Promise<Referral[]> {
  const rows = await queryRows<EntryRow & { id: string; value: number | null; pathway_id: string }>(
    db,
    sql`select e.id, e.pathway_id, e.value, e.factor, e.status, e.service, e.note, e.reason, e.finding,
        e.finding_date::text as finding_date, e.recorded_by, e.recorded_at
      from optimisation_entries e join pathways p on p.id = e.pathway_id
      where e.trust_code = ${trustCode} and p.trust_code = ${trustCode} and e.status = 'referred'
        and p.nhs_number is not null
        and ${'nhsNumber' in which ? sql`p.nhs_number = ${which.nhsNumber} and p.is_active` : sql`e.id = ${which.id}`}
      order by e.recorded_at, e.id`,
  );
  if (rows.length === 0) return [];
  const trust = await trustOptimisation(db, trustCode);
  const referrals: Referral[] = [];
  const states = new Map<string, { factors: PathwayFactor[]; nhsNumber: string }>();
  for (const row of rows) {
    let state = states.get(row.pathway_id);
    if (!state) {
      const [pathway] = await queryRows<OptimisedPathway>(
        db,
        sql`select ${pathwayColumns} from pathways p where p.id = ${row.pathway_id}`,
      );
      state = {
        factors: (await optimisationOf(db, pathway!, trust, today)).factors,
        nhsNumber: pathway!.nhs_number!,
      };
      states.set(row.pathway_id, state);
    }
    const factor = state.factors.find((candidate) => candidate.code === row.factor)!;
    referrals.push({
      id: row.id,
      factor: factor.code,
      label: factor.label,
      ask: factor.ask,
      service: row.service ?? '',
      note: row.note,
      recordedAt: new Date(row.recorded_at).toISOString(),
      status: factor.status,
      dueOn: factor.dueOn,
      finding: row.finding,
      value: row.value,
      valueDate: row.finding_date,
      nhsNumber: state.nhsNumber,
      pathwayId: row.pathway_id,
    });
  }
  return referrals;
}
