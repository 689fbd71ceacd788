/**
 * The trust's optimisation rules and services (decision 0071): what its trust admins may set, and
 * the messages of the forms that set them.
 */
import { z } from 'zod';
import {
  factorDefinitions,
  optimisationFactors,
  type OptimisationFactor,
  type OptimisationRules,
} from './optimisation.js';
import { bidiControlMessage, hasBidiControls } from './text-direction.js';
import { decimalNumber, singleLine } from './text-rules.js';

/** The range of each threshold a trust may set (decision 0071). */
export const optimisationRuleLimits: Record<keyof OptimisationRules, { min: number; max: number }> = {
  haemoglobinBelow: { min: 80, max: 160 },
  albuminBelow: { min: 20, max: 45 },
  egfrBelow: { min: 15, max: 60 },
  bmiFrom: { min: 30, max: 60 },
  dueWeeks: { min: 1, max: 52 },
};

export const optimisationRuleLabels: Record<keyof OptimisationRules, string> = {
  haemoglobinBelow: 'Anaemia: haemoglobin below (g/L)',
  albuminBelow: 'Nutrition: albumin below (g/L)',
  egfrBelow: 'Kidney function: eGFR below (ml/min)',
  bmiFrom: 'Weight: body mass index from',
  dueWeeks: 'Due, without a TCI date, after (weeks)',
};

const ruleWords: Record<keyof OptimisationRules, (min: number, max: number) => string> = {
  haemoglobinBelow: (min, max) =>
    `Enter the haemoglobin for anaemia as a whole number from ${min} to ${max} g/L`,
  albuminBelow: (min, max) =>
    `Enter the albumin for nutrition screening as a whole number from ${min} to ${max} g/L`,
  egfrBelow: (min, max) => `Enter the eGFR for a renal review as a whole number from ${min} to ${max}`,
  bmiFrom: (min, max) =>
    `Enter the body mass index for weight support as a whole number from ${min} to ${max}`,
  dueWeeks: (min, max) => `Enter the number of weeks as a whole number from ${min} to ${max}`,
};

/** The message of each threshold that is not a whole number in its range. */
export const optimisationRuleMessage = (field: keyof OptimisationRules) =>
  ruleWords[field](optimisationRuleLimits[field].min, optimisationRuleLimits[field].max);

const ruleField = (field: keyof OptimisationRules) => {
  const { min, max } = optimisationRuleLimits[field];
  const message = optimisationRuleMessage(field);
  return z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      decimalNumber(z.number({ error: message }).int(message).min(min, message).max(max, message), message),
    )
    .optional()
    .meta({ description: `${optimisationRuleLabels[field]}: a whole number, ${min} to ${max}` });
};

export const optimisationRulesSchema = z.object({
  haemoglobinBelow: z.number().describe(optimisationRuleLabels.haemoglobinBelow),
  albuminBelow: z.number().describe(optimisationRuleLabels.albuminBelow),
  egfrBelow: z.number().describe(optimisationRuleLabels.egfrBelow),
  bmiFrom: z.number().describe(optimisationRuleLabels.bmiFrom),
  dueWeeks: z.number().describe(optimisationRuleLabels.dueWeeks),
});

export const optimisationRulesRequestSchema = z.object({
  haemoglobinBelow: ruleField('haemoglobinBelow'),
  albuminBelow: ruleField('albuminBelow'),
  egfrBelow: ruleField('egfrBelow'),
  bmiFrom: ruleField('bmiFrom'),
  dueWeeks: ruleField('dueWeeks'),
});
export type OptimisationRulesRequest = z.infer<typeof optimisationRulesRequestSchema>;

export const maxServicesPerFactor = 10;
export const maxServiceNameLength = 100;
/** A contact line for patients, as the patient's page prints it on one line. */
export const maxServiceContactLength = 200;

export const optimisationServicesMessages = {
  serviceBlank: 'Enter the service’s name',
  serviceTooLong: `A service’s name must be ${maxServiceNameLength} characters or fewer`,
  tooMany: `Enter ${maxServicesPerFactor} services or fewer for each factor`,
  noService: 'Enter at least one service for each factor',
  duplicate: 'Enter each service once',
  contactTooLong: `A contact must be ${maxServiceContactLength} characters or fewer`,
  contactUnknownService: 'Enter a contact only for a service in the list',
} as const;

const serviceName = z
  .string()
  .trim()
  .min(1, optimisationServicesMessages.serviceBlank)
  .max(maxServiceNameLength, optimisationServicesMessages.serviceTooLong)
  .check(singleLine)
  .refine((value) => !hasBidiControls(value), bidiControlMessage);

const servicesOfFactor = z
  .array(serviceName)
  .min(1, optimisationServicesMessages.noService)
  .max(maxServicesPerFactor, optimisationServicesMessages.tooMany)
  .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, {
    message: optimisationServicesMessages.duplicate,
  });

/**
 * What the patient's page says to do to reach a service ("Call 01632 960 123, Monday to Friday,
 * 9am to 5pm"), trimmed; blank means none, and the page then says to ask the hospital team.
 */
export const serviceContactSchema = z
  .string()
  .trim()
  .max(maxServiceContactLength, optimisationServicesMessages.contactTooLong)
  .check(singleLine)
  .refine((value) => !hasBidiControls(value), bidiControlMessage);

export const optimisationServicesSchema = z.object({
  services: z
    .object(
      Object.fromEntries(
        optimisationFactors.map((code) => [
          code,
          z
            .array(z.string())
            .describe(`The services a ${factorDefinitions[code].label.toLowerCase()} referral goes to`),
        ]),
      ) as Record<OptimisationFactor, z.ZodArray<z.ZodString>>,
    )
    .describe('The trust’s services by factor, in the order the referral form lists them'),
  contacts: z
    .record(z.string(), z.string())
    .describe(
      'How a patient reaches each service that has a contact, by the service’s name; a service without one is left out',
    ),
});
export type OptimisationServices = z.infer<typeof optimisationServicesSchema>;

export const optimisationServicesRequestSchema = z.object({
  services: z
    .object(
      Object.fromEntries(
        optimisationFactors.map((code) => [
          code,
          servicesOfFactor.optional().meta({
            description: `The services a ${factorDefinitions[code].label.toLowerCase()} referral goes to`,
          }),
        ]),
      ) as Record<OptimisationFactor, z.ZodOptional<typeof servicesOfFactor>>,
    )
    .strict()
    .optional()
    .meta({
      description: `The services of each factor sent (${optimisationFactors.join(', ')}): 1 to ${maxServicesPerFactor} names of 1 to ${maxServiceNameLength} characters, each once; a factor left out keeps its services`,
      example: { anaemia: ['Pre-operative anaemia clinic', 'GP practice'] },
    }),
  contacts: z
    .record(z.string(), serviceContactSchema)
    .optional()
    .meta({
      description: `How a patient reaches each service, by the service’s name as the services list it (after this change): one line of up to ${maxServiceContactLength} characters, blank for none. When sent, it replaces every contact; left out, the contacts are kept (those of a service no longer listed are dropped)`,
      example: { 'Pre-operative anaemia clinic': 'Call 01632 960 123, Monday to Friday, 9am to 5pm' },
    }),
});
export type OptimisationServicesRequest = z.infer<typeof optimisationServicesRequestSchema>;
