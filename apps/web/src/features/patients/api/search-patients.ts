import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@esr/contracts/endpoints';
import type { PatientSearchQuery } from '@esr/contracts/patients';
import { apiRequest } from '../../../lib/api-client';
import { patientKeys } from './query-keys';

/** docs/requirements.md §7: GET …/trusts/{trust}/patients/?nhsNumber= or ?medicalRecordNumber=. */
export const searchPatients = (trust: string, query: PatientSearchQuery) =>
  apiRequest(endpoints.patients.search, { params: { trust }, query: { ...query } });

/** The results of a search the user has made (null: none yet); kept in the cache for Back. */
export const patientSearchQueryOptions = (trust: string, query: PatientSearchQuery | null) =>
  queryOptions({
    queryKey: patientKeys.search(trust, query ?? {}),
    queryFn: () => searchPatients(trust, query ?? {}),
    enabled: Boolean(trust && query),
    // A 400 or 404 is an answer to show, not a failure to try again.
    retry: false,
  });

export const usePatientSearch = (trust: string, query: PatientSearchQuery | null) =>
  useQuery(patientSearchQueryOptions(trust, query));
