/** Query keys of the admin feature: one root, so that a save refreshes every admin list and counter. */
export const adminKeys = {
  all: ['admin'] as const,
  superAdminDashboard: () => ['admin', 'super-admin-dashboard'] as const,
  trustAdminDashboard: () => ['admin', 'trust-admin-dashboard'] as const,
  trusts: (params: object) => ['admin', 'trusts', params] as const,
  trustOptions: () => ['admin', 'trust-options'] as const,
  trust: (trustCode: string) => ['admin', 'trust', trustCode] as const,
  trustLookups: () => ['admin', 'trust-lookups'] as const,
  users: (params: object) => ['admin', 'users', params] as const,
  user: (userId: string) => ['admin', 'user', userId] as const,
  roles: (hideSuperAdminRole: boolean) => ['admin', 'roles', hideSuperAdminRole] as const,
  changeLog: (params: object) => ['admin', 'change-log', params] as const,
  accessLog: (params: object) => ['admin', 'access-log', params] as const,
  scoringSettings: (trustCode: string) => ['admin', 'scoring-settings', trustCode] as const,
};
