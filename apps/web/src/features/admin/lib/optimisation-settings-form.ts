import { messages } from '@esr/contracts/messages';
import {
  defaultOptimisationRules,
  factorDefinitions,
  optimisationFactors,
  type OptimisationFactor,
  type OptimisationRules,
} from '@esr/contracts/optimisation';
import {
  optimisationRuleLimits,
  optimisationRulesRequestSchema,
  optimisationServicesRequestSchema,
  type OptimisationServices,
  type OptimisationServicesRequest,
} from '@esr/contracts/optimisation-settings';
import { ApiError } from '../../../lib/api-client';

/** The thresholds in the form's order, each field named as the API names it. */
export const ruleFields = ['haemoglobinBelow', 'albuminBelow', 'egfrBelow', 'bmiFrom', 'dueWeeks'] as const;
export type RuleField = (typeof ruleFields)[number];
export type RuleTexts = Record<RuleField, string>;

const range = (field: RuleField) =>
  `A whole number from ${optimisationRuleLimits[field].min} to ${optimisationRuleLimits[field].max}.`;

/** Each threshold's hint: its range, then its default and where the default comes from (docs/optimisation.md). */
export const ruleHints: Record<RuleField, string> = {
  haemoglobinBelow: `${range('haemoglobinBelow')} Unless your trust sets its own, it is ${defaultOptimisationRules.haemoglobinBelow} g/L for women and men alike, from the ${factorDefinitions.anaemia.guidance}.`,
  albuminBelow: `${range('albuminBelow')} Unless your trust sets its own, it is ${defaultOptimisationRules.albuminBelow} g/L, from ${factorDefinitions.nutrition.guidance}.`,
  egfrBelow: `${range('egfrBelow')} Unless your trust sets its own, it is ${defaultOptimisationRules.egfrBelow} ml/min, from ${factorDefinitions.kidney.guidance}.`,
  bmiFrom: `${range('bmiFrom')} Unless your trust sets its own, it is ${defaultOptimisationRules.bmiFrom}, from ${factorDefinitions.weight.guidance}, which also says weight alone is never a reason to delay surgery.`,
  dueWeeks: `${range('dueWeeks')} Unless your trust sets its own, it is ${defaultOptimisationRules.dueWeeks} weeks. A pathway with a TCI date is due the day before it.`,
};

export const rulesText = (rules: OptimisationRules): RuleTexts =>
  Object.fromEntries(ruleFields.map((field) => [field, String(rules[field])])) as RuleTexts;

/**
 * The thresholds typed, judged by the contract's own rules and in its words; a blank field is not
 * a number, rather than "keep the value saved".
 */
export function parseRules(
  texts: RuleTexts,
): { ok: true; request: OptimisationRules } | { ok: false; errors: Partial<Record<RuleField, string>> } {
  const typed = Object.fromEntries(
    ruleFields.map((field) => [field, texts[field].trim() === '' ? Number.NaN : texts[field].trim()]),
  );
  const parsed = optimisationRulesRequestSchema.safeParse(typed);
  if (parsed.success) return { ok: true, request: { ...defaultOptimisationRules, ...parsed.data } };
  return { ok: false, errors: firstErrorByField(parsed.error.issues, (path) => ruleFieldOf(path[0])) };
}

const ruleFieldOf = (key: PropertyKey | undefined): RuleField | undefined =>
  ruleFields.find((field) => field === key);

/** The first message of each field, in the issues' order; issues of no field are left out. */
function firstErrorByField<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: (path: readonly PropertyKey[]) => Field | undefined,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}

/** The form's fields: a text area of each factor's services, and a contact of each service named. */
export interface ServicesTexts {
  services: Record<OptimisationFactor, string>;
  /** By the service's name, as typed in the text areas. */
  contacts: Record<string, string>;
}

export const servicesTextareaId = (code: OptimisationFactor) => `services-${code}`;
export const contactInputId = (index: number) => `contact-${index + 1}`;

export const servicesText = (saved: OptimisationServices): ServicesTexts => ({
  services: Object.fromEntries(
    optimisationFactors.map((code) => [code, (saved.services[code] ?? []).join('\n')]),
  ) as Record<OptimisationFactor, string>,
  contacts: { ...saved.contacts },
});

/** A text area's services: one a line, spaces around each and blank lines left out. */
export const namesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Every service named in the text areas, each once, in the factors' order: the contacts' fields. */
export const servicesNamed = (texts: ServicesTexts['services']): string[] => [
  ...new Set(optimisationFactors.flatMap((code) => namesOf(texts[code]))),
];

/** A field of the services form: a factor's text area, or the contact of the service at an index. */
export type ServicesField = OptimisationFactor | `contact:${string}`;

export const servicesFieldId = (field: ServicesField, named: readonly string[]): string =>
  field.startsWith('contact:')
    ? contactInputId(named.indexOf(field.slice('contact:'.length)))
    : servicesTextareaId(field as OptimisationFactor);

/** Where a message about `path` (of the request, or an API's dotted field name split) belongs. */
function servicesFieldOf(path: readonly PropertyKey[]): ServicesField | undefined {
  const [part, key] = path;
  if (part === 'services' && typeof key === 'string') return optimisationFactors.find((code) => code === key);
  if (part === 'contacts' && typeof key === 'string') return `contact:${key}`;
  return undefined;
}

/**
 * The request of what is typed (every factor's services, every named service's contact), or the
 * contract's message under each field at fault.
 */
export function parseServices(
  texts: ServicesTexts,
):
  | { ok: true; request: OptimisationServicesRequest }
  | { ok: false; errors: Partial<Record<ServicesField, string>> } {
  const named = servicesNamed(texts.services);
  const request = {
    services: Object.fromEntries(optimisationFactors.map((code) => [code, namesOf(texts.services[code])])),
    contacts: Object.fromEntries(named.map((name) => [name, texts.contacts[name] ?? ''])),
  };
  const parsed = optimisationServicesRequestSchema.safeParse(request);
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, errors: firstErrorByField(parsed.error.issues, servicesFieldOf) };
}

/**
 * A refused save: a 400's messages under their fields (the API names them `services.anaemia.0`,
 * `contacts.Dietetics`); a 400 of no field, or any other failure, at the top of the page.
 */
export function servicesSaveFailure(error: unknown): {
  errors: Partial<Record<ServicesField, string>>;
  message?: string;
} {
  if (error instanceof ApiError && error.status === 400) {
    const issues = Object.entries(error.body?.errors ?? {}).flatMap(([name, texts]) => {
      // A service's name may hold a point: only the first separates the part from the key.
      const dot = name.indexOf('.');
      const [part, rest] = dot < 0 ? [name, ''] : [name.slice(0, dot), name.slice(dot + 1)];
      const key = part === 'services' ? (rest.split('.')[0] ?? '') : rest;
      return texts.slice(0, 1).map((message) => ({ path: [part, key], message }));
    });
    const errors = firstErrorByField(issues, servicesFieldOf);
    if (Object.keys(errors).length > 0) return { errors };
    return { errors, message: error.body?.detail ?? messages.someError };
  }
  return { errors: {}, message: (error instanceof ApiError && error.body?.detail) || messages.someError };
}

/** The rules form's refusal by the API, as the services form's. */
export function rulesSaveFailure(error: unknown): {
  errors: Partial<Record<RuleField, string>>;
  message?: string;
} {
  if (error instanceof ApiError && error.status === 400) {
    const errors = firstErrorByField(
      Object.entries(error.body?.errors ?? {}).flatMap(([name, texts]) =>
        texts.slice(0, 1).map((message) => ({ path: [name], message })),
      ),
      (path) => ruleFieldOf(path[0]),
    );
    if (Object.keys(errors).length > 0) return { errors };
    return { errors, message: error.body?.detail ?? messages.someError };
  }
  return { errors: {}, message: (error instanceof ApiError && error.body?.detail) || messages.someError };
}
