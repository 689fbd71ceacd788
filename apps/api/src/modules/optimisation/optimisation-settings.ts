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
  optimisationServicesMessages,
  type OptimisationRulesRequest,
  type OptimisationServices,
  type OptimisationServicesRequest,
} from '@esr/contracts/optimisation-settings';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
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
  const { services, contacts } = await trustOptimisation(db, trustCode);
  return { services, contacts };
}

/**
 * The contacts after a change: those sent, trimmed, blanks left out, each naming a service listed
 * after the change (400 otherwise); none sent, those kept of the services still listed.
 */
function contactsAfter(
  sent: Record<string, string> | undefined,
  kept: Record<string, string>,
  services: Record<OptimisationFactor, string[]>,
): Record<string, string> {
  const listed = new Set(Object.values(services).flat());
  if (!sent) return Object.fromEntries(Object.entries(kept).filter(([service]) => listed.has(service)));
  const unknown = Object.keys(sent).find((service) => !listed.has(service.trim()));
  if (unknown !== undefined)
    throw badRequest(optimisationServicesMessages.contactUnknownService, {
      [`contacts.${unknown}`]: [optimisationServicesMessages.contactUnknownService],
    });
  return Object.fromEntries(
    Object.entries(sent)
      .map(([service, contact]) => [service.trim(), contact.trim()] as const)
      .filter(([, contact]) => contact !== ''),
  );
}

/** PUT /api/trusts/{trust}/optimisation/services: the factors sent, the others keep theirs; the contacts sent. */
export async function changeOptimisationServices(
  db: Db,
  principal: Principal,
  trustCode: string,
  request: OptimisationServicesRequest,
): Promise<OptimisationServices> {
  requireAccess(principal, 'optimisation:settings', trustCode);
  return db.transaction(async (tx) => {
    const current = await trustOptimisation(tx, trustCode);
    const before = current.services;
    const after = { ...before };
    for (const code of optimisationFactors) {
      const names = request.services?.[code];
      if (names) after[code] = names.map((name) => name.trim());
    }
    const contacts = contactsAfter(request.contacts, current.contacts, after);
    // The contacts beside the factors' names, so that a reader of the old shape still finds them.
    await tx.execute(sql`update trusts set optimisation_services = ${JSON.stringify({ ...after, contacts })}::jsonb,
        updated_at = now() where trust_code = ${trustCode}`);
    const changed = optimisationFactors.filter((code) => before[code].join('\n') !== after[code].join('\n'));
    const pick = (services: Record<OptimisationFactor, string[]>) =>
      Object.fromEntries(changed.map((code) => [`Services: ${code}`, services[code].join('; ')]));
    const changedContacts = [...new Set([...Object.keys(current.contacts), ...Object.keys(contacts)])]
      .filter((service) => current.contacts[service] !== contacts[service])
      .sort();
    const pickContacts = (of: Record<string, string>) =>
      Object.fromEntries(changedContacts.map((service) => [`Contact: ${service}`, of[service] ?? '']));
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Changed the optimisation services',
      entityType: 'trust',
      entityId: trustCode,
      before: { ...pick(before), ...pickContacts(current.contacts) },
      after: { ...pick(after), ...pickContacts(contacts) },
    });
    return { services: after, contacts };
  });
}
