import { z } from 'zod';
import { adminMessages } from './messages.js';
import { pagedSchema, pageQuerySchema } from './paging.js';
import { adminFilterText, adminFormText, checkEmail, checkNames, statusSchema } from './users.js';

/** docs/requirements.md §3 Trust lookup entry: an NHS trust that can be added. */
export const trustLookupSchema = z.object({
  trustCode: z.string().describe('The trust’s NHS ODS code, e.g. RAN'),
  trustName: z.string().describe('The trust’s name'),
  trustRoleDescription: z.string().describe('The organisation’s role in the NHS ODS list, e.g. NHS Trust'),
  region: z.string().describe('The NHS England region, e.g. London'),
  regionCode: z.string().describe('The region’s code, e.g. Y56'),
  country: z.string().describe('The country, e.g. England'),
});
export type TrustLookup = z.infer<typeof trustLookupSchema>;
export const trustLookupsSchema = z.array(trustLookupSchema);

/** docs/requirements.md §3 Trust. */
export const trustSchema = trustLookupSchema.extend({
  status: statusSchema,
  trustTenantId: z
    .string()
    .nullable()
    .describe('The trust’s Microsoft Entra ID tenant (a GUID) its users sign in through; null when not set'),
  assignedUsers: z.number().int().describe('Users of the trust, active or disabled'),
  primaryContactFirstName: z.string().describe('First name of the trust’s primary contact'),
  primaryContactLastName: z.string().describe('Last name of the primary contact'),
  primaryContactEmail: z.string().describe('NHS e-mail address of the primary contact'),
  primaryContactTelCode: z
    .string()
    .describe('International dialling code of the contact’s phone, e.g. +44; may be empty'),
  primaryContactTelNumber: z
    .string()
    .describe('The contact’s phone number without the dialling code; may be empty'),
});
export type Trust = z.infer<typeof trustSchema>;
export const trustsPageSchema = pagedSchema(trustSchema);
export type TrustsPage = z.infer<typeof trustsPageSchema>;

/** GET /api/trusts/ without listType: active trusts for selectors. */
export const trustOptionSchema = z.object({
  trustCode: z.string().describe('The trust’s NHS ODS code'),
  trustName: z.string().describe('The trust’s name'),
});
export type TrustOption = z.infer<typeof trustOptionSchema>;
export const trustOptionsSchema = z.array(trustOptionSchema);

export const trustsQuerySchema = pageQuerySchema.extend({
  listType: z.enum(['paginated']).optional().meta({
    description:
      'paginated: the filtered, paged list of trusts (super admins); absent: the active trusts for selectors, as a plain list',
    example: 'paginated',
  }),
  trustName: adminFilterText.meta({ description: 'Part of the trust name', example: 'Orthopaedic' }),
  trustCode: adminFilterText.meta({ description: 'Prefix of the trust code', example: 'RA' }),
  region: adminFilterText.meta({ description: 'Part of the region name', example: 'London' }),
  regionCode: adminFilterText.meta({ description: 'Region code, e.g. Y56', example: 'Y56' }),
  country: adminFilterText.meta({ description: 'Part of the country', example: 'England' }),
  status: z.enum(['0', '1']).optional().meta({ description: '1 Active, 0 Disabled', example: '1' }),
});
export type TrustsQuery = z.infer<typeof trustsQuerySchema>;

export const trustParamsSchema = z.object({
  trustCode: z.string().max(20).meta({ description: 'The trust’s NHS ODS code', example: 'RAN' }),
});

/** A GUID (Entra ID tenant id), any case (docs/identity.md: the token's tid must match it). */
export const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const trustFields = {
  trustCode: adminFormText(20).meta({
    description: 'The trust’s NHS ODS code, as in the path',
    example: 'RAN',
  }),
  trustTenantId: adminFormText(100).meta({
    description: 'The trust’s Microsoft Entra ID tenant id (a GUID), or empty',
    example: '72f988bf-86f1-41af-91ab-2d7cd011db47',
  }),
  primaryContactFirstName: adminFormText(200).meta({
    description: 'First name of the primary contact: required, up to 50 characters',
    example: 'Helen',
  }),
  primaryContactLastName: adminFormText(200).meta({
    description: 'Last name of the primary contact: required, up to 50 characters',
    example: 'Ward',
  }),
  primaryContactEmail: adminFormText(320).meta({
    description: 'NHS e-mail address of the primary contact: nhs.net, or a domain ending .nhs.uk',
    example: 'helen.ward@nhs.net',
  }),
  primaryContactTelCode: adminFormText(10).meta({
    description: 'International dialling code, + and 1 to 4 digits; required with a number',
    example: '+44',
  }),
  primaryContactTelNumber: adminFormText(30).meta({
    description: 'Phone number without the dialling code: 7 to 15 digits (spaces ignored), or empty',
    example: '2079460000',
  }),
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
  .object({ ...trustFields, status: statusSchema.meta({ description: '1 Active, 0 Disabled', example: 1 }) })
  .strict()
  .superRefine(checkTrust);
export type UpdateTrustBody = z.infer<typeof updateTrustBodySchema>;
