import { z } from 'zod';
import { roleSchema } from './roles.js';

/** GET /api/me/ (docs/requirements.md §3 Login user). */
export const meResponseSchema = z.object({
  name: z.string().describe('The user’s full name'),
  email: z.string().describe('The user’s e-mail address, as they sign in with it'),
  roles: z.array(roleSchema).describe('The roles the user holds'),
  trust: z
    .object({
      code: z.string().describe('The trust’s NHS ODS code, e.g. RAN'),
      name: z.string().describe('The trust’s name'),
    })
    .describe('The trust the user belongs to'),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** What the web app needs to start the sign-in flow; served unauthenticated. */
export const clientConfigSchema = z.object({
  authority: z.string().describe('The OpenID Connect issuer the web app signs in with'),
  clientId: z.string().describe('The web app’s client id at that issuer'),
  scope: z.string().describe('The scopes the web app asks for, space-separated'),
  idleTimeoutMs: z
    .number()
    .int()
    .positive()
    .describe('Milliseconds without activity after which the web app signs the user out'),
  contactEmail: z.string().describe('The service’s contact e-mail address, shown in the footer'),
  environment: z
    .string()
    .describe('The name of this environment, e.g. production, shown on the landing page'),
  regulatoryUrl: z.string().describe('The regulator’s page the footer links to'),
  developmentSignIn: z
    .boolean()
    .describe('True when the built-in development identity provider signs users in (never in production)'),
  readOnly: z
    .object({
      until: z
        .string()
        .nullable()
        .describe('When the service is expected back (ISO 8601), or null when not announced'),
    })
    .nullable()
    .describe(
      'Set while the service is read-only for downtime (decision 0067): every write answers 503; null otherwise',
    ),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
