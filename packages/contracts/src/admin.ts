import { z } from 'zod';

/** GET /api/super-admin/dashboard/ (docs/requirements.md §3 super admin counters). */
export const superAdminDashboardSchema = z.object({
  counters: z.object({ activeTrusts: z.number().int(), activeUsers: z.number().int() }),
});
export type SuperAdminDashboard = z.infer<typeof superAdminDashboardSchema>;

/** GET /api/trust-admin/dashboard (docs/requirements.md §3 trust admin counter), for the caller's own trust. */
export const trustAdminDashboardSchema = z.object({
  counters: z.object({ activeUsers: z.number().int() }),
});
export type TrustAdminDashboard = z.infer<typeof trustAdminDashboardSchema>;
