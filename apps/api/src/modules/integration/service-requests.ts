/**
 * Referrals out (decisions 0047 and 0071): each referral to optimise a risk factor before surgery as
 * a FHIR ServiceRequest for the trust's systems, read only by its own integration clients, each
 * answer that carries one written to the patient access log.
 */
import { endpoints } from '@esr/contracts/endpoints';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { recordPatientAccess, routeOf } from '../access-log/index.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { referralsOf, type Referral } from '../optimisation/index.js';
import { searchsetBundle } from './fhir/risk-assessment.js';
import { uuidPattern } from './risk-assessments.js';
import { serviceRequestResource, type FhirServiceRequest } from './fhir/service-request.js';
import type { FhirBundle } from './fhir/types.js';

export const serviceRequestMessages = { notFound: 'No referral of your trust has this id' };

const resourceOf = (referral: Referral, caller: Principal): FhirServiceRequest =>
  serviceRequestResource({ ...referral, trustCode: caller.trustCode, trustName: caller.trustName });

async function logged(
  db: Db,
  caller: Principal,
  endpoint: { method: string; path: string },
  referrals: Referral[],
) {
  if (referrals.length === 0) return;
  await recordPatientAccess(db, caller, {
    trustCode: caller.trustCode,
    route: routeOf(endpoint),
    action: 'optimisation',
    pathwayIds: [...new Set(referrals.map((referral) => referral.pathwayId))],
  });
}

/** GET /fhir/r4/ServiceRequest?subject:identifier=…: the referrals of the patient's active pathways. */
export async function searchServiceRequests(
  db: Db,
  caller: Principal,
  nhsNumber: string,
  selfUrl: string,
): Promise<FhirBundle> {
  requireAccess(caller, 'integration:risk', caller.trustCode);
  const referrals = await referralsOf(db, caller.trustCode, { nhsNumber });
  await logged(db, caller, endpoints.integration.serviceRequests, referrals);
  return searchsetBundle(
    referrals.map((referral) => resourceOf(referral, caller)),
    selfUrl,
  );
}

/** GET /fhir/r4/ServiceRequest/{id}: one referral of the caller's trust. */
export async function readServiceRequest(db: Db, caller: Principal, id: string): Promise<FhirServiceRequest> {
  requireAccess(caller, 'integration:risk', caller.trustCode);
  const referrals = uuidPattern.test(id) ? await referralsOf(db, caller.trustCode, { id }) : [];
  if (referrals.length === 0) throw notFound(serviceRequestMessages.notFound);
  await logged(db, caller, endpoints.integration.serviceRequest, referrals);
  return resourceOf(referrals[0]!, caller);
}
