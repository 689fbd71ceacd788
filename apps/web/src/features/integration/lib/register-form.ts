import { z } from 'zod';
import {
  applicationIdSchema,
  clientIdSchema,
  clientNameSchema,
  integrationClientMessages,
  isTenantId,
  type AcceptedIssuer,
  type RegisterIntegrationClientBody,
} from '@esr/contracts/integration-clients';
import { messages } from '@esr/contracts/messages';
import { withoutBidiControls } from '@esr/contracts/text-direction';
import { ApiError } from '../../../lib/api-client';

/** The register form's fields, in its order: the error summary lists them so. */
export const registerFields = ['name', 'tenantId', 'clientId'] as const;
export type RegisterField = (typeof registerFields)[number];
export type RegisterFormValues = Record<RegisterField, string>;

// Hidden text-direction characters are dropped as the API would refuse them (decision 0043).
const typed = () => z.string().overwrite(withoutBidiControls);

/**
 * The contract's own rules and words for the name and client ID; the directory (tenant) ID is
 * asked only where this installation takes Microsoft Entra ID tokens, whose client ID is then its
 * application (client) ID (decision 0065).
 */
export function registerFormSchema(accepted: AcceptedIssuer) {
  return z.object({
    name: typed().pipe(clientNameSchema),
    tenantId:
      accepted.kind === 'entra'
        ? typed()
            .trim()
            .min(1, { error: integrationClientMessages.tenantIdRequired, abort: true })
            .refine(isTenantId, integrationClientMessages.tenantIdInvalid)
        : z.string(),
    clientId: typed().pipe(accepted.kind === 'entra' ? applicationIdSchema : clientIdSchema),
  });
}

/** The form's values as the API takes them: the issuer follows from what this installation takes. */
export function registerBody(
  values: RegisterFormValues,
  accepted: AcceptedIssuer,
): RegisterIntegrationClientBody {
  const issuer =
    accepted.kind === 'development'
      ? 'development'
      : accepted.kind === 'entra'
        ? `entra:${values.tenantId.trim().toLowerCase()}`
        : accepted.issuer;
  return { name: values.name, issuer, clientId: values.clientId };
}

export interface RegisterFailure {
  fieldErrors: Partial<Record<RegisterField, string>>;
  message?: string | undefined;
}

/**
 * A refused registration: each field's message under it (the issuer's under the directory
 * (tenant) ID, which is what the form asks of it), a 409 under the client ID, anything else at the
 * top (docs/requirements.md §8: 500 'Internal server error occurred', otherwise 'Some error occurred').
 */
export function registerFailure(error: unknown, accepted: AcceptedIssuer): RegisterFailure {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, message: messages.someError };
  if (error.status >= 500) return { fieldErrors: {}, message: messages.internalServerError };
  const fieldErrors: RegisterFailure['fieldErrors'] = {};
  let message: string | undefined;
  for (const [field, texts] of Object.entries(error.body?.errors ?? {})) {
    const target: RegisterField | undefined =
      field === 'name' || field === 'clientId'
        ? field
        : field === 'issuer' && accepted.kind === 'entra'
          ? 'tenantId'
          : undefined;
    if (target) fieldErrors[target] ??= texts[0];
    else message ??= texts[0];
  }
  if (Object.keys(fieldErrors).length === 0 && !message) message = error.body?.detail ?? messages.someError;
  return { fieldErrors, message };
}
