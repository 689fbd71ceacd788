import { z } from 'zod';
import { procedureSchema } from './procedures.js';
import { roleSchema } from './roles.js';

export const proceduresResponseSchema = z.array(procedureSchema);
export const rolesResponseSchema = z.array(roleSchema);
export const rolesQuerySchema = z.object({
  hideSuperAdminRole: z
    .enum(['0', '1'])
    .optional()
    .meta({ description: '1 leaves Super Admin out of the list (the trust admins’ forms)', example: '1' }),
});

/** docs/requirements.md §3 enumerations: readiness and social option lists for the surgical-risk form. */
export const surgeryReadinessCodes = ['not_ready', 'requires_review', 'ready'] as const;
export const socialCodes = ['no_social_concerns', 'social_review_required', 'social_concerns'] as const;

export const optionSchema = z.object({
  value: z.string().describe('The code the API takes and returns, e.g. ready'),
  label: z.string().describe('The code in words, e.g. Ready'),
});
export const surgicalRiskFactorsResponseSchema = z.object({
  surgery: z.array(optionSchema).describe('Readiness for surgery: not_ready, requires_review, ready'),
  social: z
    .array(optionSchema)
    .describe('Social aspects: no_social_concerns, social_review_required, social_concerns'),
});
export type SurgicalRiskFactors = z.infer<typeof surgicalRiskFactorsResponseSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok').describe('Always "ok": the database answered'),
});

/** GET /api/health/live: the process is up and its event loop turns; nothing else is asked. */
export const livenessResponseSchema = z
  .object({
    status: z.literal('live').describe('Always "live": the process answered without asking anything else'),
  })
  .describe('The process is up');

/**
 * What GET /api/health/ready checks (docs/operations.md, Health and logs): the database answers, every
 * migration bundled with this build is applied, and the job queue is started with its schema in reach.
 */
export const readinessCheckNames = ['database', 'migrations', 'jobQueue'] as const;
export type ReadinessCheckName = (typeof readinessCheckNames)[number];

/**
 * A check's result: `ok`; `timeout` when it had no answer within readinessTimeoutMs; `unavailable`
 * when the database refused or failed it; `pending` when migrations of this build are not applied;
 * `not_started` when the job queue has not started.
 */
export const readinessStates = ['ok', 'timeout', 'unavailable', 'pending', 'not_started'] as const;
export const readinessStateSchema = z.enum(readinessStates);
export type ReadinessState = z.infer<typeof readinessStateSchema>;

/** How long the readiness checks may take together before the ones still waiting count as timeout. */
export const readinessTimeoutMs = 2_000;

export const readinessChecksSchema = z.object({
  database: readinessStateSchema.describe(
    'ok when the database answered `select 1` in time; timeout or unavailable otherwise',
  ),
  migrations: readinessStateSchema.describe(
    'ok when every migration bundled with this build is applied; pending when one is not',
  ),
  jobQueue: readinessStateSchema.describe(
    'ok when the job queue (pg-boss) has started and its schema answers; not_started before it has',
  ),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

export const readyResponseSchema = z
  .object({
    status: z.literal('ready').describe('Always "ready" with 200'),
    checks: readinessChecksSchema.describe('Each check, all ok'),
  })
  .describe('Ready: every check is ok')
  .meta({ example: { status: 'ready', checks: { database: 'ok', migrations: 'ok', jobQueue: 'ok' } } });

export const notReadyResponseSchema = z
  .object({
    status: z.literal('not_ready').describe('Always "not_ready" with 503'),
    checks: readinessChecksSchema.describe('Each check; those not ok say why'),
    detail: z.string().describe('What is not ready, in words'),
  })
  .describe('Not ready: the checks say which, and why')
  .meta({
    example: {
      status: 'not_ready',
      checks: { database: 'timeout', migrations: 'timeout', jobQueue: 'timeout' },
      detail:
        'Not ready: database: no answer within 2 s; migrations: no answer within 2 s; jobQueue: no answer within 2 s',
    },
  });
