import { z } from 'zod';
import { pagedSchema, pageQueryFields } from './paging.js';
import { statusSchema } from './users.js';
import { singleLine } from './text-rules.js';
import { labMessageSettingsSchema } from './patient-identity.js';

/**
 * A trust's integration clients (decision 0047, decision 0048): the systems that send it blood
 * results and read its risk assessments, registered and disabled by its admins, and the messages
 * they sent. No patient data is held about a message, so none is shown.
 */

/** Lengths the API and the register form both hold to. */
export const integrationClientLimits = {
  name: 100,
  // Room for any provider's client ID: Keycloak keeps one in 255 characters, an Entra ID
  // application (client) ID is a 36-character GUID (docs/decisions/0065-client-ids-as-providers-issue-them.md).
  clientId: 255,
  issuer: 300,
} as const;

/** Messages received are listed 20 a page, as a patient's previous evaluations are. */
export const integrationMessagesPageSize = 20;

export const integrationClientMessages = {
  title: 'Integration clients',
  lead: 'Systems that send blood results and read risk assessments for this trust.',
  registerTitle: 'Register a client',
  messagesTitle: 'Messages received',
  messagesLead:
    'Every message this trust’s integration clients have sent, newest first, and what was done with it. No patient details are kept about a message, so none are shown.',
  whatAClientIs:
    'A client must be an app registration at the trust’s identity provider that gets its access token with the OAuth 2.0 client credentials grant.',
  nameRequired: 'Enter a name for the client',
  nameTooLong: `The name must be ${integrationClientLimits.name} characters or fewer`,
  clientIdRequired: 'Enter the client ID',
  clientIdTooLong: `The client ID must be ${integrationClientLimits.clientId} characters or fewer`,
  clientIdSpaces: 'The client ID must not contain spaces',
  // The symbols in words for a screen reader, and as themselves for the eye.
  clientIdCharacters:
    'The client ID can only contain letters a to z, numbers, hyphens (-), full stops (.), underscores (_), tildes (~), colons (:), slashes (/) and at signs (@)',
  applicationIdInvalid:
    'Enter the application (client) ID as Microsoft Entra ID shows it: 5 groups of letters and numbers separated by hyphens',
  issuerRequired: 'Enter the issuer',
  issuerInvalid:
    'Enter the issuer as development, as entra: followed by the directory (tenant) ID, or as the address of the identity provider',
  tenantIdRequired: 'Enter the directory (tenant) ID',
  tenantIdInvalid:
    'Enter the directory (tenant) ID as Microsoft Entra ID shows it: 5 groups of letters and numbers separated by hyphens',
  registeredElsewhere:
    'This client ID is already registered for this issuer by another trust. A client can act for one trust only',
  notFound: 'Integration client not found',
  trustNotFound: 'Trust not found',
  noClients: 'No clients are registered for this trust yet.',
  noMessages: 'No messages have been received from this trust’s clients yet.',
} as const;

/** 409: the client is this trust's already; its name says which. */
export const registeredHereMessage = (name: string) =>
  `This client ID is already registered for this issuer, as ${name}`;

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A directory (tenant) ID of Microsoft Entra ID: a GUID. */
export const isTenantId = (text: string) => guidPattern.test(text);

/** An application (client) ID of Microsoft Entra ID, its tokens' `azp` or `appid`: a GUID too. */
export const isApplicationId = (text: string) => guidPattern.test(text);

/** Whether a client registered under the issuer is one of Microsoft Entra ID's. */
export const isEntraIssuer = (issuer: string) => issuer.startsWith('entra:');

/**
 * An issuer as the identity module keys it: `development`, `entra:{tenant id}`, or the issuer's
 * URL (any other OpenID Connect provider).
 */
export function isIssuerKey(text: string): boolean {
  if (text === 'development') return true;
  if (isEntraIssuer(text)) return isTenantId(text.slice('entra:'.length));
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== '';
  } catch {
    return false;
  }
}

/** Entra ID writes its tenant ids in lower case in every token; so is the key kept. */
export const normaliseIssuer = (text: string) =>
  text.startsWith('entra:') ? `entra:${text.slice('entra:'.length).toLowerCase()}` : text;

/** The issuer as an admin reads it. */
export function issuerInWords(issuer: string): string {
  if (issuer === 'development') return 'Development sign-in';
  if (issuer.startsWith('entra:')) return `Microsoft Entra ID (tenant ${issuer.slice('entra:'.length)})`;
  return issuer;
}

export const messageFormatSchema = z
  .enum(['fhir', 'hl7v2'])
  .describe('How the message came: fhir (a FHIR R4 Bundle or Observation) or hl7v2 (an HL7 v2 ORU^R01)');
export type MessageFormat = z.infer<typeof messageFormatSchema>;
export const messageFormatLabels: Record<MessageFormat, string> = { fhir: 'FHIR', hl7v2: 'HL7 v2' };

export const messageOutcomeSchema = z
  .enum(['accepted', 'rejected'])
  .describe('accepted (its results were taken) or rejected (refused whole, nothing applied)');
export type MessageOutcome = z.infer<typeof messageOutcomeSchema>;
export const messageOutcomeLabels: Record<MessageOutcome, string> = {
  accepted: 'Accepted',
  rejected: 'Refused',
};

/**
 * The issuer this installation takes tokens from, so that the register form asks only what can
 * work: nothing for the development sign-in, the directory (tenant) ID for Microsoft Entra ID, and
 * nothing for any other provider (its one issuer).
 */
export const acceptedIssuerSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('development').describe('The development sign-in: the issuer is development'),
    }),
    z.object({
      kind: z.literal('entra').describe('Microsoft Entra ID: the issuer is entra: and a tenant ID'),
      trustTenantId: z
        .string()
        .nullable()
        .describe('The trust’s own tenant ID, where the trust has one: the usual tenant of its clients'),
    }),
    z.object({
      kind: z.literal('issuer').describe('Another OpenID Connect provider: its one issuer'),
      issuer: z.string().describe('The issuer URL this installation takes tokens from'),
    }),
  ])
  .describe('The issuer this installation takes tokens from');
export type AcceptedIssuer = z.infer<typeof acceptedIssuerSchema>;

/** Whether this installation takes tokens from the issuer (the identity module keys it so). */
export function acceptsIssuer(accepted: AcceptedIssuer, issuer: string): boolean {
  if (accepted.kind === 'development') return issuer === 'development';
  if (accepted.kind === 'entra') return issuer.startsWith('entra:');
  return issuer === accepted.issuer;
}

/** 400 under issuer: a client of another provider could never call. */
export function issuerNotAcceptedMessage(accepted: AcceptedIssuer): string {
  if (accepted.kind === 'development')
    return 'This installation takes tokens only from its development sign-in: the issuer must be development';
  if (accepted.kind === 'entra')
    return 'This installation takes tokens from Microsoft Entra ID: the issuer must be entra: followed by the directory (tenant) ID';
  return `This installation takes tokens only from ${accepted.issuer}: the issuer must be that address`;
}

export const lastMessageSchema = z
  .object({
    receivedAt: z.string().describe('When the last message arrived: ISO 8601, UTC'),
    outcome: messageOutcomeSchema,
  })
  .nullable()
  .describe('The last message the client sent, or null when it has sent none');

export const integrationClientSchema = z.object({
  id: z.string().describe('The registration’s id'),
  name: z.string().describe('What the trust calls the client, e.g. "Pathology (Rhapsody)"'),
  clientId: z.string().describe('The client’s id at its identity provider'),
  issuer: z
    .string()
    .describe('The issuer of its tokens: development, entra:{tenant id}, or the issuer’s URL'),
  status: statusSchema,
  registeredAt: z.string().describe('When the client was registered: ISO 8601, UTC'),
  lastMessage: lastMessageSchema,
});
export type IntegrationClient = z.infer<typeof integrationClientSchema>;

export const integrationClientsSchema = z.object({
  trustCode: z.string().describe('The NHS ODS code of the trust'),
  trustName: z.string().describe('The name of the trust'),
  acceptedIssuer: acceptedIssuerSchema,
  items: z.array(integrationClientSchema).describe('The trust’s clients, by name'),
  /** Decision 0055. */
  settings: labMessageSettingsSchema.describe('How the trust’s results are matched to its patients'),
});
export type IntegrationClients = z.infer<typeof integrationClientsSchema>;

export const clientNameSchema = z
  .string({ error: integrationClientMessages.nameRequired })
  .trim()
  .min(1, integrationClientMessages.nameRequired)
  .max(integrationClientLimits.name, integrationClientMessages.nameTooLong)
  .check(singleLine);

const isAsciiLetterOrDigit = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/** The symbols a client ID may hold besides letters and digits: URI unreserved ones, and `:/@` for URIs. */
const clientIdSymbols = new Set([...'-._~:/@'].map((symbol) => symbol.charCodeAt(0)));

/**
 * White space as JavaScript's trim knows it, and U+0085 (next line): each is a space to the person
 * who pasted it, so each is refused as one.
 */
function isWhiteSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * What is wrong with a client ID's characters, or undefined when nothing is. A client ID is
 * compared character for character with its tokens' `client_id`, `azp` or `appid`, so one the
 * provider never issued can never call: it holds letters a to z, digits and `- . _ ~ : / @`
 * (docs/decisions/0065-client-ids-as-providers-issue-them.md). White space is named apart, since a
 * space is what a pasted or mistyped client ID most often holds. One pass over the text, no
 * regular expression, so the time grows with its length and nothing else.
 */
export function clientIdCharacterProblem(text: string): string | undefined {
  let problem: string | undefined;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isAsciiLetterOrDigit(code) || clientIdSymbols.has(code)) continue;
    if (isWhiteSpace(code)) return integrationClientMessages.clientIdSpaces;
    problem = integrationClientMessages.clientIdCharacters;
  }
  return problem;
}

// One message at a time: a blank or too long client ID is not read further.
export const clientIdSchema = z
  .string({ error: integrationClientMessages.clientIdRequired })
  .trim()
  .min(1, { error: integrationClientMessages.clientIdRequired, abort: true })
  .max(integrationClientLimits.clientId, { error: integrationClientMessages.clientIdTooLong, abort: true })
  .check(
    z.superRefine((value, context) => {
      const problem = clientIdCharacterProblem(value);
      if (problem !== undefined)
        context.addIssue({ code: 'custom', message: problem, input: value, continue: false });
    }),
  );

/**
 * Microsoft Entra ID's client ID, its application (client) ID: a GUID, kept in lower case as its
 * tokens carry it (as the tenant ID of its issuer is).
 */
export const applicationIdSchema = clientIdSchema
  .refine(isApplicationId, { error: integrationClientMessages.applicationIdInvalid })
  .overwrite((text) => text.toLowerCase());

export const issuerSchema = z
  .string({ error: integrationClientMessages.issuerRequired })
  .trim()
  .min(1, integrationClientMessages.issuerRequired)
  .max(integrationClientLimits.issuer, integrationClientMessages.issuerInvalid)
  .check(singleLine)
  .refine(isIssuerKey, integrationClientMessages.issuerInvalid)
  .overwrite(normaliseIssuer);

export const registerIntegrationClientBodySchema = z
  .object({
    name: clientNameSchema.meta({
      description: `What the trust calls the client: required, up to ${integrationClientLimits.name} characters`,
      example: 'Pathology (Rhapsody)',
    }),
    issuer: issuerSchema.meta({
      description:
        'The issuer of the client’s tokens: development, entra:{tenant id} or the issuer’s URL; one this installation takes tokens from',
      example: 'entra:72f988bf-86f1-41af-91ab-2d7cd011db47',
    }),
    clientId: clientIdSchema.meta({
      description: `The client’s id at its identity provider, as its tokens carry it (client_id, azp or appid): required, up to ${integrationClientLimits.clientId} characters, letters a to z, digits and - . _ ~ : / @ only, no spaces. Under an entra: issuer, the application (client) ID: a GUID, kept in lower case`,
      example: '8d2f6c1e-4b7a-4e0f-9c3d-2a1b5e6f7a8c',
    }),
  })
  // The issuer decides what its client IDs look like: Entra ID's are GUIDs, written in lower case in
  // its tokens. Judged once the client ID passes the rules of every provider, for one message at a time.
  .check(
    z.superRefine(({ issuer, clientId }, context) => {
      if (!isEntraIssuer(issuer) || !clientIdSchema.safeParse(clientId).success) return;
      if (!isApplicationId(clientId))
        context.addIssue({
          code: 'custom',
          message: integrationClientMessages.applicationIdInvalid,
          path: ['clientId'],
          input: clientId,
        });
    }),
  )
  .overwrite((body) =>
    isEntraIssuer(body.issuer) ? { ...body, clientId: body.clientId.toLowerCase() } : body,
  );
export type RegisterIntegrationClientBody = z.infer<typeof registerIntegrationClientBodySchema>;

export const integrationClientStatusBodySchema = z.object({
  status: statusSchema.meta({
    description: '1 Active (its tokens are taken), 0 Disabled (its tokens are refused at once)',
    example: 0,
  }),
});
export type IntegrationClientStatusBody = z.infer<typeof integrationClientStatusBodySchema>;

export const integrationMessagesQuerySchema = z.object({
  ...pageQueryFields({ defaultPageSize: integrationMessagesPageSize }),
});
export type IntegrationMessagesQuery = z.infer<typeof integrationMessagesQuerySchema>;

export const integrationMessageSchema = z.object({
  id: z.string().describe('The record’s id'),
  receivedAt: z.string().describe('When the message arrived: ISO 8601, UTC'),
  clientName: z.string().describe('The name of the client that sent it'),
  format: messageFormatSchema,
  messageId: z
    .string()
    .describe(
      'The sender’s id of the message (HL7 MSH-10, the Bundle’s identifier), or its content hash when it gave none',
    ),
  outcome: messageOutcomeSchema,
  results: z.number().int().describe('The results it carried'),
  applied: z.number().int().describe('Of those, the results for patients on the waiting list'),
  held: z.number().int().describe('Of those, the results kept for 90 days for patients not on a list'),
  ignored: z.number().int().describe('Items it carried that the product does not use'),
  pathwaysUpdated: z.number().int().describe('The pathways it updated and scored again'),
  detail: z
    .string()
    .nullable()
    .describe('Why it was refused, or the notes on the items ignored, one a line; null when none'),
});
export type IntegrationMessage = z.infer<typeof integrationMessageSchema>;
export const integrationMessagesPageSchema = pagedSchema(integrationMessageSchema);
export type IntegrationMessagesPage = z.infer<typeof integrationMessagesPageSchema>;
