import { roleCodes, roleNames } from '@esr/contracts/roles';
import type { Db } from './client.js';
import { sql } from 'drizzle-orm';
import nhsTrusts from '../../data/nhs-trusts-england.json' with { type: 'json' };
import {
  formOptions,
  integrationClients,
  procedures,
  roles,
  trustDirectory,
  trusts,
  userRoles,
  users,
} from './schema.js';

/** Reference data every installation needs (docs/requirements.md §3). */
export const procedureSeed = [
  {
    code: 'knee',
    name: 'Knee replacement',
    category: 'joint replacement',
    description: 'Total or partial replacement of the knee joint.',
    sortOrder: 1,
  },
  {
    code: 'hip',
    name: 'Hip replacement',
    category: 'joint replacement',
    description: 'Total replacement or resurfacing of the hip joint.',
    sortOrder: 2,
  },
  {
    code: 'knee-hip',
    name: 'Knee and hip replacement',
    category: 'joint replacement',
    description: 'Pathways listing both a knee and a hip replacement.',
    sortOrder: 3,
  },
];

export const formOptionSeed = [
  { listName: 'surgery', value: 'not_ready', label: 'Not ready for surgery', sortOrder: 1 },
  { listName: 'surgery', value: 'requires_review', label: 'Requires review', sortOrder: 2 },
  { listName: 'surgery', value: 'ready', label: 'Ready for surgery', sortOrder: 3 },
  { listName: 'social', value: 'no_social_concerns', label: 'No social concerns', sortOrder: 1 },
  { listName: 'social', value: 'social_review_required', label: 'Social review required', sortOrder: 2 },
  { listName: 'social', value: 'social_concerns', label: 'Social concerns', sortOrder: 3 },
];

/** Real NHS trusts (ODS codes and NHS England regions) for the demonstration data. */
export const demoTrusts = [
  {
    trustCode: 'RAN',
    trustName: 'Royal National Orthopaedic Hospital NHS Trust',
    trustRoleDescription: 'NHS Trust',
    region: 'London',
    regionCode: 'Y56',
    country: 'England',
    trustTenantId: null,
    primaryContactFirstName: 'Helen',
    primaryContactLastName: 'Ward',
    primaryContactEmail: 'helen.ward@nhs.net',
    primaryContactTelCode: '+44',
    primaryContactTelNumber: '2089543800',
  },
  {
    trustCode: 'RL1',
    trustName: 'The Robert Jones and Agnes Hunt Orthopaedic Hospital NHS Foundation Trust',
    trustRoleDescription: 'NHS Trust',
    region: 'Midlands',
    regionCode: 'Y60',
    country: 'England',
    trustTenantId: null,
    primaryContactFirstName: 'Gareth',
    primaryContactLastName: 'Lloyd',
    primaryContactEmail: 'gareth.lloyd@nhs.net',
    primaryContactTelCode: '+44',
    primaryContactTelNumber: '1691404000',
  },
  {
    trustCode: 'R0A',
    trustName: 'Manchester University NHS Foundation Trust',
    trustRoleDescription: 'NHS Trust',
    region: 'North West',
    regionCode: 'Y62',
    country: 'England',
    trustTenantId: null,
    primaryContactFirstName: 'Aisha',
    primaryContactLastName: 'Rahman',
    primaryContactEmail: 'aisha.rahman@nhs.net',
    primaryContactTelCode: '+44',
    primaryContactTelNumber: '1612761234',
  },
];

/** One demo user per role, plus the two multi-role combinations the product must handle. */
export const demoUsers = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    firstName: 'Priya',
    lastName: 'Shah',
    email: 'priya.shah@nhs.net',
    trustCode: 'RAN',
    roles: ['sa'],
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    firstName: 'Tom',
    lastName: 'Hughes',
    email: 'tom.hughes@nhs.net',
    trustCode: 'RAN',
    roles: ['ta'],
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    firstName: 'Claire',
    lastName: 'Evans',
    email: 'claire.evans@nhs.net',
    trustCode: 'RAN',
    roles: ['cu'],
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    firstName: 'Olu',
    lastName: 'Adeyemi',
    email: 'olu.adeyemi@nhs.net',
    trustCode: 'RAN',
    roles: ['cl'],
  },
  {
    id: '00000000-0000-4000-8000-000000000005',
    firstName: 'Ravi',
    lastName: 'Patel',
    email: 'ravi.patel@nhs.net',
    trustCode: 'RAN',
    roles: ['tca'],
  },
  {
    id: '00000000-0000-4000-8000-000000000006',
    firstName: 'Wendy',
    lastName: 'Clarke',
    email: 'wendy.clarke@nhs.net',
    trustCode: 'RAN',
    roles: ['wa'],
  },
  {
    id: '00000000-0000-4000-8000-000000000007',
    firstName: 'Chris',
    lastName: 'Morgan',
    email: 'chris.morgan@nhs.net',
    trustCode: 'RAN',
    roles: ['cu', 'cl'],
  },
  {
    id: '00000000-0000-4000-8000-000000000008',
    firstName: 'Alex',
    lastName: 'Taylor',
    email: 'alex.taylor@nhs.net',
    trustCode: 'RAN',
    roles: ['sa', 'ta'],
  },
  {
    id: '00000000-0000-4000-8000-000000000009',
    firstName: 'Sam',
    lastName: 'Okafor',
    email: 'sam.okafor@nhs.net',
    trustCode: 'RAN',
    roles: ['cso'],
  },
] as const;

/** Idempotent: safe on every start and from several processes (ON CONFLICT DO NOTHING). */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(roleCodes.map((code, index) => ({ code, name: roleNames[code], sortOrder: index })))
    .onConflictDoNothing();
  await db.insert(procedures).values(procedureSeed).onConflictDoNothing();
  await db.insert(formOptions).values(formOptionSeed).onConflictDoNothing();
  // docs/requirements.md §2 Add new trust: the NHS trust list follows the shipped file (src/data/README.md).
  await db
    .insert(trustDirectory)
    .values(nhsTrusts)
    .onConflictDoUpdate({
      target: trustDirectory.trustCode,
      set: {
        trustName: sql`excluded.trust_name`,
        trustRoleDescription: sql`excluded.trust_role_description`,
        region: sql`excluded.region`,
        regionCode: sql`excluded.region_code`,
        country: sql`excluded.country`,
      },
    });
}

/**
 * The development provider's integration clients (docs/integration.md): a pathology link for the
 * demonstration trust, and one for a second trust to show that each is kept to its own.
 */
export const demoIntegrationClients = [
  {
    id: '00000000-0000-4000-9000-000000000001',
    clientId: 'ran-pathology-demo',
    secret: 'ran-pathology-demo-secret',
    trustCode: 'RAN',
    name: 'RAN pathology link (demonstration)',
  },
  {
    id: '00000000-0000-4000-9000-000000000002',
    clientId: 'rl1-pathology-demo',
    secret: 'rl1-pathology-demo-secret',
    trustCode: 'RL1',
    name: 'RL1 pathology link (demonstration)',
  },
] as const;

/** A demonstration user by first name, as the demonstration histories record who did what. */
export function demoUserNamed(firstName: string): { id: string; name: string } {
  const user = demoUsers.find((candidate) => candidate.firstName === firstName)!;
  return { id: user.id, name: `${user.firstName} ${user.lastName}` };
}

export async function seedDemoData(db: Db): Promise<void> {
  await db.insert(trusts).values(demoTrusts).onConflictDoNothing();
  await db
    .insert(integrationClients)
    .values(
      demoIntegrationClients.map(({ id, clientId, trustCode, name }) => ({
        id,
        issuer: 'development',
        clientId,
        trustCode,
        name,
      })),
    )
    .onConflictDoNothing();
  for (const user of demoUsers) {
    const inserted = await db
      .insert(users)
      .values({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        trustCode: user.trustCode,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length > 0) {
      await db
        .insert(userRoles)
        .values(user.roles.map((roleCode) => ({ userId: user.id, roleCode })))
        .onConflictDoNothing();
    }
  }
}
