import { z } from 'zod';
import { adminMessages, invalidNhsEmailMessage, messages } from './messages.js';
import { fieldLimits } from './field-limits.js';
import { emailProblem } from './nhs-email.js';
import { pagedSchema, pageQuerySchema } from './paging.js';
import { queryList, queryListWording } from './query-list.js';
import { roleCodeSchema, roleSchema } from './roles.js';
import { singleLine } from './text-rules.js';

/** docs/requirements.md §9: status values 1 active, 0 disabled. */
export const statusSchema = z.union([z.literal(0), z.literal(1)]).describe('1 Active, 0 Disabled');
export type Status = z.infer<typeof statusSchema>;
export const statusLabel = (status: number) => (status === 1 ? 'Active' : 'Disabled');

/** docs/requirements.md §5: names max 50 characters. */
export const nameMaxLength = fieldLimits.personName;

/** docs/requirements.md §3 User, as the lists show it. */
export const userListItemSchema = z.object({
  userId: z.string().describe('The user’s id'),
  userName: z.string().describe('First and last name'),
  email: z.string().describe('The e-mail address the user signs in with'),
  trustName: z.string().describe('The name of the user’s trust'),
  trustCode: z.string().describe('The NHS ODS code of the user’s trust'),
  assignedRoles: z.array(roleSchema).describe('The roles the user holds, in the roles’ order'),
  status: statusSchema,
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const usersPageSchema = pagedSchema(userListItemSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

/** docs/requirements.md §2 User details (plus the name parts the edit form needs). */
export const userDetailsSchema = userListItemSchema.extend({
  firstName: z.string().describe('First name'),
  lastName: z.string().describe('Last name'),
  createdDate: z.string().describe('When the user was added: ISO 8601, UTC'),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** Adds e-mail issues of docs/requirements.md §5: blank, malformed, or not an NHS address. */
export function checkEmail(value: string, path: string, ctx: z.RefinementCtx): void {
  const problem = emailProblem(value);
  if (problem === 'blank') ctx.addIssue({ code: 'custom', path: [path], message: messages.emailBlank });
  else if (problem) ctx.addIssue({ code: 'custom', path: [path], message: invalidNhsEmailMessage() });
}

/**
 * docs/requirements.md §5 blank and length checks for a first and last name pair. Both blank gives the combined
 * message on both fields (the error summary shows it once).
 */
export function checkNames(first: string, last: string, paths: [string, string], ctx: z.RefinementCtx): void {
  const firstBlank = first.trim() === '';
  const lastBlank = last.trim() === '';
  if (firstBlank && lastBlank) {
    for (const path of paths)
      ctx.addIssue({ code: 'custom', path: [path], message: messages.firstAndLastNameBlank });
    return;
  }
  if (firstBlank) ctx.addIssue({ code: 'custom', path: [paths[0]], message: messages.firstNameBlank });
  else if (first.trim().length > nameMaxLength)
    ctx.addIssue({ code: 'custom', path: [paths[0]], message: adminMessages.firstNameTooLong });
  if (lastBlank) ctx.addIssue({ code: 'custom', path: [paths[1]], message: messages.lastNameBlank });
  else if (last.trim().length > nameMaxLength)
    ctx.addIssue({ code: 'custom', path: [paths[1]], message: adminMessages.lastNameTooLong });
}

/**
 * A text field of the admin forms (users and trusts). Bounded lengths keep absurd input out before
 * the rules run; the rules give the messages. Trimmed as the user or trust is kept, so that a tab or
 * line break pasted around a value is not refused.
 */
export const adminFormText = (max: number) => z.string().max(max).trim().check(singleLine);

const userFields = {
  firstName: adminFormText(200).meta({
    description: 'First name: required, up to 50 characters',
    example: 'Priya',
  }),
  lastName: adminFormText(200).meta({
    description: 'Last name: required, up to 50 characters',
    example: 'Shah',
  }),
  email: adminFormText(320).meta({
    description: 'The NHS e-mail address the user signs in with: nhs.net, or a domain ending .nhs.uk',
    example: 'priya.shah@nhs.net',
  }),
  trustCode: adminFormText(20).meta({ description: 'The NHS ODS code of the user’s trust', example: 'RAN' }),
  roles: z
    .array(
      z
        .object({ code: roleCodeSchema.describe('A role code: sa, ta, cu, cl, tca or wa') })
        .strict()
        .describe('A role the user is to hold'),
    )
    .max(10)
    .meta({ description: 'The roles the user is to hold: at least one', example: [{ code: 'cu' }] }),
};

function checkUser(
  value: { firstName: string; lastName: string; email: string; trustCode: string; roles: unknown[] },
  ctx: z.RefinementCtx,
) {
  checkNames(value.firstName, value.lastName, ['firstName', 'lastName'], ctx);
  checkEmail(value.email, 'email', ctx);
  if (value.trustCode.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['trustCode'], message: adminMessages.selectTrust });
  if (value.roles.length === 0)
    ctx.addIssue({ code: 'custom', path: ['roles'], message: adminMessages.selectRole });
}

/**
 * POST /api/users/ (docs/requirements.md §7). Strict: any other field is refused (mass assignment, ASVS 15.3.3).
 * The same schema validates the web form and the server.
 */
export const createUserBodySchema = z
  .object({ ...userFields })
  .strict()
  .superRefine(checkUser);
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** PUT /api/users/{userId}/ (docs/requirements.md §7): the create fields plus status. */
export const updateUserBodySchema = z
  .object({ ...userFields, status: statusSchema.meta({ description: '1 Active, 0 Disabled', example: 1 }) })
  .strict()
  .superRefine(checkUser);
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userParamsSchema = z.object({
  userId: z
    .string()
    .max(64)
    .meta({ description: 'The user’s id', example: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17' }),
});

/** The filters of the users list (docs/requirements.md §2, §7), by name. */
export const userFilterNames = {
  scalars: ['userName', 'email', 'trustName', 'trustCode', 'status'],
  lists: ['assignedRoles'],
} as const;

/** A text filter of the admin lists (users and trusts), on one line. */
export const adminFilterText = z.string().max(100).check(singleLine).optional();
const roleList = queryList(roleCodeSchema, { maxItems: 20 }).optional();

/**
 * GET /api/users/ query. The `filters[...]` keys are listed so that OpenAPI documents the bracket
 * form; the server reads them (and the other accepted forms) with parseBracketFilters.
 */
export const usersQuerySchema = pageQuerySchema
  .extend({
    trustCode: z.string().max(20).optional().meta({
      description: 'Only users of this trust (super admins; trust admins get their own)',
      example: 'RAN',
    }),
    hideSuperAdminRole: z
      .enum(['0', '1'])
      .optional()
      .meta({ description: '1 leaves out users holding Super Admin (super admins)', example: '1' }),
    'filters[userName]': adminFilterText.describe('Prefix of the first name, last name or full name'),
    'filters[email]': adminFilterText.describe('Prefix of the e-mail address'),
    'filters[trustName]': adminFilterText.describe('Part of the trust name (super admins)'),
    'filters[trustCode]': adminFilterText.describe('Trust code (super admins)'),
    'filters[assignedRoles][]': roleList.meta({
      description: `Role codes (sa, ta, cu, cl, tca, wa): users holding any of them. ${queryListWording}`,
      example: ['cu', 'cl'],
    }),
    'filters[status]': z
      .enum(['0', '1'])
      .optional()
      .meta({ description: '1 Active, 0 Disabled', example: '1' }),
  })
  // Other spellings of the filters are read by parseBracketFilters; bounded here like the rest.
  .catchall(z.union([z.string().max(100), z.array(z.string().max(100)).max(20)]));
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export interface UserFilters {
  userName?: string;
  email?: string;
  trustName?: string;
  trustCode?: string;
  assignedRoles?: z.infer<typeof roleCodeSchema>[];
  status?: Status;
}

export const userFiltersSchema = z
  .object({
    userName: adminFilterText,
    email: adminFilterText,
    trustName: adminFilterText,
    trustCode: z.string().max(20).check(singleLine).optional(),
    assignedRoles: z.array(roleCodeSchema).optional(),
    status: z.enum(['0', '1']).transform(Number).pipe(statusSchema).optional(),
  })
  .strict();
