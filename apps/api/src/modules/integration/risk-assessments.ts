/**
 * Risk out (decision 0047): the trust's evaluations as FHIR RiskAssessments for an electronic
 * patient record. Each is read through the patients module's own reads, so it says exactly what the
 * risk summary says and every answer is written to the patient access log.
 */
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import { hasValidCheckDigit } from '@esr/contracts/nhs-number';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { RiskResult } from '@esr/contracts/patients';
import { suspendedText } from '@esr/contracts/prediction-suspension';
import { queryRows, type Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { routeOf } from '../access-log/index.js';
import type { Principal } from '../identity/index.js';
import { historyEntry, riskSummary, type PatientRead } from '../patients/index.js';
import { operationOutcome, riskAssessmentResource, searchsetBundle } from './fhir/risk-assessment.js';
import type { FhirBundle, FhirResource, FhirRiskAssessment } from './fhir/types.js';

export const nhsNumberSystem = 'https://fhir.nhs.uk/Id/nhs-number';

/** A resource id this server gives (a UUID); anything else names no resource, so is not looked up. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const searchRead: PatientRead = {
  action: 'risk-assessment',
  route: routeOf(endpoints.integration.riskAssessments),
  permission: 'integration:risk',
};
const idRead: PatientRead = {
  action: 'risk-assessment',
  route: routeOf(endpoints.integration.riskAssessment),
  permission: 'integration:risk',
};

export const riskAssessmentMessages = {
  identifierFormat:
    'subject:identifier must be the NHS number system and a 10-digit NHS number: https://fhir.nhs.uk/Id/nhs-number|9434765919',
  nhsNumberInvalid: 'The NHS number is not valid (its check digit does not match)',
  notFound: 'No risk assessment of your trust has this id',
};

/** The NHS number of a `system|value` token search, or a 400 naming what is wrong. */
export function nhsNumberOfToken(token: string): string {
  const bar = token.indexOf('|');
  const system = bar < 0 ? '' : token.slice(0, bar);
  const value = bar < 0 ? token : token.slice(bar + 1);
  if (system !== nhsNumberSystem || !/^\d{10}$/.test(value))
    throw badRequest(riskAssessmentMessages.identifierFormat, {
      'subject:identifier': [riskAssessmentMessages.identifierFormat],
    });
  if (!hasValidCheckDigit(value))
    throw badRequest(riskAssessmentMessages.nhsNumberInvalid, {
      'subject:identifier': [riskAssessmentMessages.nhsNumberInvalid],
    });
  return value;
}

interface PathwayRow extends Record<string, unknown> {
  id: string;
  procedure_code: ProcedureCode;
  procedure_name: string;
  nhs_number: string | null;
  local_patient_identifier: string | null;
}

function resourceOf(pathway: PathwayRow, result: RiskResult, trustCode: string): FhirRiskAssessment {
  return riskAssessmentResource({
    result,
    pathwayId: pathway.id,
    nhsNumber: pathway.nhs_number,
    localIdentifier: pathway.local_patient_identifier,
    trustCode,
    procedure: { code: pathway.procedure_code, name: pathway.procedure_name },
    status: 'final',
  });
}

/**
 * The current evaluation of each of the patient's pathways on the caller's trust's lists, newest
 * procedure first; an empty searchset when there is none (a patient of another trust is, to the
 * caller, a patient with none). `selfUrl` is the search as the installation is reached at; it
 * gives the entries' full URLs too.
 */
export async function searchRiskAssessments(
  db: Db,
  caller: Principal,
  nhsNumber: string,
  selfUrl: string,
): Promise<FhirBundle> {
  const pathways = await queryRows<PathwayRow>(
    db,
    sql`select p.id, p.procedure_code, pr.name as procedure_name, p.nhs_number, p.local_patient_identifier
        from pathways p join procedures pr on pr.code = p.procedure_code
        where p.trust_code = ${caller.trustCode} and p.nhs_number = ${nhsNumber} and p.is_active
          and p.status in ('processed', 'incomplete') and p.current_evaluation_id is not null
        order by p.procedure_code`,
  );
  const resources: FhirResource[] = [];
  for (const pathway of pathways) {
    const summary = await riskSummary(
      db,
      caller,
      caller.trustCode,
      pathway.procedure_code,
      pathway.id,
      searchRead,
    );
    if (summary.result) resources.push(resourceOf(pathway, summary.result, caller.trustCode));
    // Decision 0063: no assessment while suspended, and a warning that says why, not silence.
    else if (summary.status === 'suspended' && summary.suspendedOn)
      resources.push(
        operationOutcome([
          {
            severity: 'warning',
            code: 'suppressed',
            diagnostics: `${pathway.procedure_name}: ${suspendedText(summary.suspendedOn)}`,
          },
        ]),
      );
  }
  return searchsetBundle(resources, selfUrl);
}

/** One evaluation of the caller's trust by its id: the current one of its pathway, or an earlier one. */
export async function readRiskAssessment(db: Db, caller: Principal, id: string): Promise<FhirRiskAssessment> {
  const uuid = uuidPattern.test(id) ? id : null;
  const [pathway] = uuid
    ? await queryRows<PathwayRow & { current_evaluation_id: string | null }>(
        db,
        sql`select p.id, p.procedure_code, pr.name as procedure_name, p.nhs_number, p.local_patient_identifier,
              p.current_evaluation_id
            from evaluations e join pathways p on p.id = e.pathway_id
            join procedures pr on pr.code = p.procedure_code
            where e.id = ${uuid} and e.trust_code = ${caller.trustCode} and p.trust_code = ${caller.trustCode}`,
      )
    : [];
  if (!pathway) throw notFound(riskAssessmentMessages.notFound);
  const { procedure_code: procedure } = pathway;
  const shown =
    pathway.current_evaluation_id === uuid
      ? await riskSummary(db, caller, caller.trustCode, procedure, pathway.id, idRead)
      : await historyEntry(db, caller, caller.trustCode, procedure, pathway.id, uuid!, idRead);
  const { result } = shown;
  if (shown.status === 'suspended' && shown.suspendedOn) throw notFound(suspendedText(shown.suspendedOn));
  if (!result) throw notFound(riskAssessmentMessages.notFound);
  return resourceOf(pathway, result, caller.trustCode);
}
