/**
 * The trust's optimisation rules and services (decision 0071): its trust admins set them, each
 * change in the change log with the values before and after; everyone who works the list reads
 * them. They apply at the next read: factors are found from the values each time.
 */
import { sql } from 'drizzle-orm';
import {
  optimisationFactors,
  type OptimisationFactor,
  type OptimisationRules,
} from '@esr/contracts/optimisation';
import {
  optimisationRuleLabels,
  type OptimisationRulesRequest,
  type OptimisationServices,
  type OptimisationServicesRequest,
} from '@esr/contracts/optimisation-settings';
import type { Db } from '../../platform/db/client.js';
import { recordChange } from '../change-log/index.js';
import { hasAccess, requireAccess, type Principal } from '../identity/index.js';
import { trustOptimisation } from './trust-optimisation.js';

function requireReader(principal: Principal, trustCode: string) {
  if (!hasAccess(principal, 'optimisation:settings', trustCode))
    requireAccess(principal, 'optimisation:read', trustCode);
}

/** GET /api/trusts/{trust}/optimisation/rules. */
export async function optimisationRules(db: Db, principal: Principal, trustCode: string) {
  requireReader(principal, trustCode);
  return (await trustOptimisation(db, trustCode)).rules;
}

/** PUT /api/trusts/{trust}/optimisation/rules: the thresholds sent; the others keep their values. */
export async function changeOptimisationRules(
  db: Db,
  principal: Principal,
  trustCode: string,
  request: OptimisationRulesRequest,
): Promise<OptimisationRules> {
  requireAccess(principal, 'optimisation:settings', trustCode);
  return db.transaction(async (tx) => {
    const before = (await trustOptimisation(tx, trustCode)).rules;
    const sent = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
    const after: OptimisationRules = { ...before, ...sent };
    await tx.execute(sql`update trusts set optimisation_rules = ${JSON.stringify(after)}::jsonb,
        updated_at = now() where trust_code = ${trustCode}`);
    const label = (rules: OptimisationRules) =>
      Object.fromEntries(
        (Object.keys(optimisationRuleLabels) as (keyof OptimisationRules)[]).map((key) => [
          optimisationRuleLabels[key],
          rules[key],
        ]),
      );
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Changed the optimisation rules',
      entityType: 'trust',
      entityId: trustCode,
      before: label(before),
      after: label(after),
    });
    return after;
  });
}

/** GET /api/trusts/{trust}/optimisation/services. */
export async function optimisationServices(
  db: Db,
  principal: Principal,
  trustCode: string,
): Promise<OptimisationServices> {
  requireReader(principal, trustCode);
  return { services: (await trustOptimisation(db, trustCode)).services };
}

/** PUT /api/trusts/{trust}/optimisation/services: the factors sent; the others keep theirs. */
export async function changeOptimisationServices(
  db: Db,
  principal: Principal,
  trustCode: string,
  request: OptimisationServicesRequest,
): Promise<OptimisationServices> {
  requireAccess(principal, 'optimisation:settings', trustCode);
  return db.transaction(async (tx) => {
    const before = (await trustOptimisation(tx, trustCode)).services;
    const after = { ...before };
    for (const code of optimisationFactors) {
      const names = request.services[code];
      if (names) after[code] = names.map((name) => name.trim());
    }
    await tx.execute(sql`update trusts set optimisation_services = ${JSON.stringify(after)}::jsonb,
        updated_at = now() where trust_code = ${trustCode}`);
    const changed = optimisationFactors.filter((code) => before[code].join('\n') !== after[code].join('\n'));
    const pick = (services: Record<OptimisationFactor, string[]>) =>
      Object.fromEntries(changed.map((code) => [`Services: ${code}`, services[code].join('; ')]));
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Changed the optimisation services',
      entityType: 'trust',
      entityId: trustCode,
      before: pick(before),
      after: pick(after),
    });
    return { services: after };
  });
}
