import { z } from 'zod';

/** GET /api/super-admin/dashboard/ (docs/requirements.md §3 super admin counters). */
export const superAdminDashboardSchema = z.object({
  counters: z
    .object({
      activeTrusts: z.number().int().describe('Trusts whose status is active'),
      activeUsers: z.number().int().describe('Users, of every trust, whose status is active'),
    })
    .describe('The counters of the dashboard'),
});
export type SuperAdminDashboard = z.infer<typeof superAdminDashboardSchema>;

/** GET /api/trust-admin/dashboard (docs/requirements.md §3 trust admin counter), for the caller's own trust. */
export const trustAdminDashboardSchema = z.object({
  counters: z
    .object({ activeUsers: z.number().int().describe('Users of the caller’s trust whose status is active') })
    .describe('The counters of the dashboard'),
});
export type TrustAdminDashboard = z.infer<typeof trustAdminDashboardSchema>;
