/**
 * A trust's optimisation settings as the rules read them, and the factors a pathway's values show
 * with them (decision 0071).
 */
import { sql } from 'drizzle-orm';
import {
  defaultOptimisationRules,
  factorDefinitions,
  findFactors,
  optimisationFactors,
  type FoundFactor,
  type OptimisationFactor,
  type OptimisationRules,
} from '@esr/contracts/optimisation';
import { defaultBloodResultMaxAgeDays } from '@esr/contracts/scoring-settings';
import { queryRows, type Db } from '../../platform/db/client.js';

/** The trust's rules, blood-result limit and services (decision 0071), the defaults where it set none. */
export interface TrustOptimisation {
  rules: OptimisationRules;
  maxAgeDays: number;
  services: Record<OptimisationFactor, string[]>;
  /** How a patient reaches a service, by its name: only services listed, and only those given one. */
  contacts: Record<string, string>;
}

/**
 * The trust's `optimisation_services`: each factor's names under its code, and, since the
 * contacts for patients, those under `contacts` beside them (no column of their own), so that a
 * value stored before them reads as it did.
 */
type StoredServices = Partial<Record<OptimisationFactor, string[]>> & { contacts?: Record<string, string> };

export async function trustOptimisation(db: Db, trustCode: string): Promise<TrustOptimisation> {
  const [row] = await queryRows<{
    rules: Partial<OptimisationRules> | null;
    services: StoredServices | null;
    max_age_days: number | null;
  }>(
    db,
    sql`select optimisation_rules as rules, optimisation_services as services,
      blood_result_max_age_days as max_age_days from trusts where trust_code = ${trustCode}`,
  );
  const services = Object.fromEntries(
    optimisationFactors.map((code) => [
      code,
      row?.services?.[code] ?? [...factorDefinitions[code].defaultServices],
    ]),
  ) as Record<OptimisationFactor, string[]>;
  const listed = new Set(Object.values(services).flat());
  const contacts = Object.fromEntries(
    Object.entries(row?.services?.contacts ?? {}).filter(
      ([service, contact]) => listed.has(service) && typeof contact === 'string' && contact !== '',
    ),
  );
  return {
    rules: { ...defaultOptimisationRules, ...row?.rules },
    maxAgeDays: row?.max_age_days ?? defaultBloodResultMaxAgeDays,
    services,
    contacts,
  };
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The factors the pathway's values show today. */
export function factorsFound(
  pathway: { clinical: Record<string, unknown> | string; lab_dates: Record<string, string> | string | null },
  trust: TrustOptimisation,
  today: string,
): FoundFactor[] {
  return findFactors({
    record: parsed(pathway.clinical),
    labDates: pathway.lab_dates === null ? null : parsed(pathway.lab_dates),
    day: today,
    maxAgeDays: trust.maxAgeDays,
    rules: trust.rules,
  });
}
