/** Query keys of the admin feature: one root, so that a save refreshes every admin list and counter. */
export const adminKeys = {
  all: ['admin'] as const,
  superAdminDashboard: () => [...adminKeys.all, 'super-admin-dashboard'] as const,
  trustAdminDashboard: () => [...adminKeys.all, 'trust-admin-dashboard'] as const,
  trusts: (params: object) => [...adminKeys.all, 'trusts', params] as const,
  trustOptions: () => [...adminKeys.all, 'trust-options'] as const,
  trust: (trustCode: string) => [...adminKeys.all, 'trust', trustCode] as const,
  trustLookups: () => [...adminKeys.all, 'trust-lookups'] as const,
  users: (params: object) => [...adminKeys.all, 'users', params] as const,
  user: (userId: string) => [...adminKeys.all, 'user', userId] as const,
  roles: (hideSuperAdminRole: boolean) => [...adminKeys.all, 'roles', hideSuperAdminRole] as const,
  changeLog: (params: object) => [...adminKeys.all, 'change-log', params] as const,
  accessLog: (params: object) => [...adminKeys.all, 'access-log', params] as const,
  scoringSettings: (trustCode: string) => [...adminKeys.all, 'scoring-settings', trustCode] as const,
  freshnessSettings: (trustCode: string) => [...adminKeys.all, 'data-freshness-settings', trustCode] as const,
  optimisationRules: (trustCode: string) => [...adminKeys.all, 'optimisation-rules', trustCode] as const,
  optimisationServices: (trustCode: string) =>
    [...adminKeys.all, 'optimisation-services', trustCode] as const,
};
