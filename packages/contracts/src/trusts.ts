import { z } from 'zod';
import { adminMessages } from './messages.js';
import { pagedSchema, pageQuerySchema } from './paging.js';
import { checkEmail, checkNames, statusSchema } from './users.js';

/** docs/requirements.md §3 Trust lookup entry: an NHS trust that can be added. */
export const trustLookupSchema = z.object({
  trustCode: z.string(),
  trustName: z.string(),
  trustRoleDescription: z.string(),
  region: z.string(),
  regionCode: z.string(),
  country: z.string(),
});
export type TrustLookup = z.infer<typeof trustLookupSchema>;
export const trustLookupsSchema = z.array(trustLookupSchema);

/** docs/requirements.md §3 Trust. */
export const trustSchema = trustLookupSchema.extend({
  status: statusSchema,
  trustTenantId: z.string().nullable(),
  assignedUsers: z.number().int(),
  primaryContactFirstName: z.string(),
  primaryContactLastName: z.string(),
  primaryContactEmail: z.string(),
  primaryContactTelCode: z.string(),
  primaryContactTelNumber: z.string(),
});
export type Trust = z.infer<typeof trustSchema>;
export const trustsPageSchema = pagedSchema(trustSchema);
export type TrustsPage = z.infer<typeof trustsPageSchema>;

/** GET /api/trusts/ without listType: active trusts for selectors. */
export const trustOptionSchema = z.object({ trustCode: z.string(), trustName: z.string() });
export type TrustOption = z.infer<typeof trustOptionSchema>;
export const trustOptionsSchema = z.array(trustOptionSchema);

const filterText = z.string().max(100).optional();
export const trustsQuerySchema = pageQuerySchema.extend({
  listType: z.enum(['paginated']).optional(),
  trustName: filterText.describe('Part of the trust name'),
  trustCode: filterText.describe('Prefix of the trust code'),
  region: filterText.describe('Part of the region name'),
  regionCode: filterText.describe('Region code, e.g. Y56'),
  country: filterText.describe('Part of the country'),
  status: z.enum(['0', '1']).optional().describe('1 Active, 0 Disabled'),
});
export type TrustsQuery = z.infer<typeof trustsQuerySchema>;

export const trustParamsSchema = z.object({ trustCode: z.string().max(20) });

/** A GUID (Entra ID tenant id), any case (docs/identity.md: the token's tid must match it). */
export const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const text = (max: number) => z.string().max(max);
const trustFields = {
  trustCode: text(20),
  trustTenantId: text(100),
  primaryContactFirstName: text(200),
  primaryContactLastName: text(200),
  primaryContactEmail: text(320),
  primaryContactTelCode: text(10),
  primaryContactTelNumber: text(30),
};

type TrustFieldValues = { [K in keyof typeof trustFields]: string };

function checkTrust(value: TrustFieldValues, ctx: z.RefinementCtx) {
  const tenant = value.trustTenantId.trim();
  if (tenant !== '' && !guidPattern.test(tenant))
    ctx.addIssue({ code: 'custom', path: ['trustTenantId'], message: adminMessages.tenantIdInvalid });
  checkNames(
    value.primaryContactFirstName,
    value.primaryContactLastName,
    ['primaryContactFirstName', 'primaryContactLastName'],
    ctx,
  );
  checkEmail(value.primaryContactEmail, 'primaryContactEmail', ctx);
  const code = value.primaryContactTelCode.trim();
  const number = value.primaryContactTelNumber.replace(/\s+/g, '');
  if (code !== '' && !/^\+\d{1,4}$/.test(code))
    ctx.addIssue({ code: 'custom', path: ['primaryContactTelCode'], message: adminMessages.telCodeInvalid });
  if (number !== '' && !/^\d{7,15}$/.test(number))
    ctx.addIssue({
      code: 'custom',
      path: ['primaryContactTelNumber'],
      message: adminMessages.telNumberInvalid,
    });
  if (number !== '' && code === '')
    ctx.addIssue({ code: 'custom', path: ['primaryContactTelCode'], message: adminMessages.telCodeMissing });
}

/**
 * POST /api/trusts/{trustCode}/create (docs/requirements.md §7). Name, region and the rest come from the NHS trust
 * list, never from the caller; the body is strict (mass assignment, ASVS 15.3.3).
 */
export const createTrustBodySchema = z.object(trustFields).strict().superRefine(checkTrust);
export type CreateTrustBody = z.infer<typeof createTrustBodySchema>;

/** PUT /api/trusts/{trustCode}/update (docs/requirements.md §7): the same plus status. */
export const updateTrustBodySchema = z
  .object({ ...trustFields, status: statusSchema })
  .strict()
  .superRefine(checkTrust);
export type UpdateTrustBody = z.infer<typeof updateTrustBodySchema>;
