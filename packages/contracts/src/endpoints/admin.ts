import { superAdminDashboardSchema, trustAdminDashboardSchema } from '../admin.js';
import { changeLogPageSchema, changeLogQuerySchema } from '../change-log.js';
import { defineEndpoint } from '../endpoint.js';
import { refusedErrors, requestErrors } from './shared.js';

/** docs/requirements.md §7 dashboard calls (§2 super admin and trust admin dashboards). */
export const dashboards = {
  superAdmin: defineEndpoint({
    method: 'GET',
    path: '/api/super-admin/dashboard/',
    permission: 'dashboard:super-admin',
    tags: ['admin'],
    summary: 'Super admin counters: active trusts and active users',
    response: { 200: superAdminDashboardSchema, ...refusedErrors },
  }),
  trustAdmin: defineEndpoint({
    method: 'GET',
    path: '/api/trust-admin/dashboard',
    permission: 'dashboard:trust-admin',
    tags: ['admin'],
    summary: "Trust admin counter: active users of the caller's trust",
    response: { 200: trustAdminDashboardSchema, ...refusedErrors },
  }),
};

/** docs/requirements.md §7 change log call (§2 Change log). */
export const changeLog = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/changelog',
    permission: 'changelog:read',
    tags: ['admin'],
    summary: 'Change log entries, newest first',
    description: "Trust admins get their own trust's entries only, without those about super admins.",
    querystring: changeLogQuerySchema,
    response: { 200: changeLogPageSchema, ...requestErrors },
  }),
};
