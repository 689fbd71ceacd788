import { z } from 'zod';
import { roleSchema } from './roles.js';

/** GET /api/me/ (docs/requirements.md §3 Login user). */
export const meResponseSchema = z.object({
  name: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  trust: z.object({ code: z.string(), name: z.string() }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** What the web app needs to start the sign-in flow; served unauthenticated. */
export const clientConfigSchema = z.object({
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  idleTimeoutMs: z.number().int().positive(),
  contactEmail: z.string(),
  environment: z.string(),
  regulatoryUrl: z.string(),
  developmentSignIn: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
