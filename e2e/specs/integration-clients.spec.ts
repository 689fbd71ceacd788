import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { integrationClientMessages, registeredHereMessage } from '@esr/contracts/integration-clients';
import { signInAs, visit } from '../fixtures/browser.js';
import {
  activate,
  cellsOf,
  fixture,
  heading,
  isFocused,
  pathname,
  serverWait,
  typeInto,
} from '../fixtures/keyboard.js';
import { poll, useApp } from '../fixtures/app.js';

// A trust's integration clients (docs/decisions/0048-integration-clients-screens.md), with the
// keyboard alone: the demonstration pathology link sends one HL7 message with a token it gets by
// the real client-credentials flow; the trust admin registers a client (after the form has
// refused a missing client ID, one with a space, and the demonstration link's own, which the server
// refuses: docs/decisions/0065-client-ids-as-providers-issue-them.md), disables and enables it, and
// reads the messages received.
const app = useApp();
let page: Page;

const demoClient = 'RAN pathology link (demonstration)';
const newClient = 'Theatres system';
const controlId = `E2E-${Date.now().toString(36)}`;
const refusedId = `${controlId}-R`;
const errorSummary = () => page.locator('.nhsuk-error-summary');
const clientIdField = () => page.getByRole('textbox', { name: 'Client ID' });

/** The error summary has the focus and links to the client ID, which says the same under it. */
async function expectClientIdRefused(message: string): Promise<void> {
  await poll(() => errorSummary().textContent()).toContain(message);
  await poll(() => isFocused(errorSummary())).toBe(true);
  expect(
    await errorSummary()
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent])),
  ).toEqual([['#clientId', message]]);
  expect(await page.locator('#clientId-error').textContent()).toContain(message);
  expect(await clientIdField().getAttribute('aria-describedby')).toContain('clientId-error');
  await poll(() => page.title()).toMatch(/^Error: Register a client – /);
}
const banner = () => page.locator('.nhsuk-notification-banner--success');
/**
 * How much wider than the page the table is: long identifiers break within their columns, so it
 * keeps the page's width (an NHS.UK table reaches 2 pixels beyond it on each side), unscrolled.
 */
const tableOverflow = () =>
  page.evaluate(() => {
    const table = document.querySelector('main table')!.getBoundingClientRect();
    const container = document.querySelector('.nhsuk-width-container')!.getBoundingClientRect();
    return Math.round(table.width - container.width);
  });
const rowOf = (table: string, name: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });

/**
 * An ORU^R01 for a patient not on RAN's list (none is seeded here): its sodium is kept, its
 * potassium ignored; a unit the product does not read refuses it.
 */
function oru(id: string, sodiumUnit = 'mmol/L'): string {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return [
    `MSH|^~\\&|WINPATH|RAN_PATH|ESR|RAN|${yesterday}101500||ORU^R01|${id}|P|2.4|||AL|NE`,
    'PID|1||9990000034^^^NHS^NH||NOWAK^LUKASZ||19481102|M',
    'PV1|1|O',
    `OBR|1|ORD1|LAB1|U&E^Urea and electrolytes^WINPATH|||${yesterday}083000`,
    `OBX|1|NM|NA^Sodium^WINPATH||139|${sodiumUnit}|133-146|N|||F|||${yesterday}083000`,
    `OBX|2|NM|K^Potassium^WINPATH||4.4|mmol/L|3.5-5.3|N|||F|||${yesterday}083000`,
  ].join('\r');
}

beforeAll(async () => {
  page = await app.newPage();
});

describe('integration clients', () => {
  it('the demonstration pathology link sends two messages with a client-credentials token', async () => {
    const issued = await fetch(`${app.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('ran-pathology-demo:ran-pathology-demo-secret').toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(issued.status).toBe(200);
    const { access_token: token } = (await issued.json()) as { access_token: string };
    const send = (text: string) =>
      fetch(`${app.baseUrl}/hl7/v2`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/hl7-v2' },
        body: text,
      });
    const accepted = await send(oru(controlId));
    const ack = await accepted.text();
    expect(accepted.status, ack).toBe(200);
    expect(ack).toMatch(/MSA\|AA\|/);
    const refused = await send(oru(refusedId, 'furlongs'));
    expect(refused.status).toBe(422);
  });

  it('the trust admin opens the clients from the dashboard', async () => {
    await signInAs(page, 'Tom Hughes');
    await poll(() => pathname(page)).toBe('/trust-admin-dashboard');
    await visit(page, 'integration-clients-dashboard');
    await activate(page.getByRole('link', { name: 'Manage integration clients' }));
    await poll(() => pathname(page)).toBe('/integration-clients');
    await poll(() => heading(page).textContent()).toContain(integrationClientMessages.title);
    expect(await page.getByText(integrationClientMessages.lead).isVisible()).toBe(true);
    const demo = rowOf('Registered clients', demoClient);
    await poll(() => demo.count()).toBe(1);
    const cells = await cellsOf(demo);
    expect(cells.slice(0, 4)).toEqual([demoClient, 'ran-pathology-demo', 'Development sign-in', 'Active']);
    expect(cells[4]).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect(cells[5]).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}Refused$/);
    await visit(page, 'integration-clients');
  });

  it('refuses a registration without a client ID, naming the field', async () => {
    await activate(page.getByRole('button', { name: integrationClientMessages.registerTitle }));
    await poll(() => pathname(page)).toBe('/integration-clients/register-a-client');
    await poll(() => heading(page).textContent()).toContain(integrationClientMessages.registerTitle);
    expect(await page.getByText(integrationClientMessages.whatAClientIs).isVisible()).toBe(true);
    await visit(page, 'integration-clients-register');

    await typeInto(page.getByRole('textbox', { name: 'Name' }), newClient);
    await activate(page.getByRole('button', { name: 'Register client' }));
    await expectClientIdRefused(integrationClientMessages.clientIdRequired);
    await visit(page, 'integration-clients-register-error');
  });

  it('refuses a client ID with a space in it, before it is sent', async () => {
    await typeInto(clientIdField(), 'ran theatres');
    await activate(page.getByRole('button', { name: 'Register client' }));
    await expectClientIdRefused(integrationClientMessages.clientIdSpaces);
    // The link in the summary takes the keyboard to the field.
    await activate(errorSummary().getByRole('link', { name: integrationClientMessages.clientIdSpaces }));
    await poll(() => isFocused(clientIdField())).toBe(true);
    await visit(page, 'integration-clients-register-space');
  });

  it('refuses a client ID registered already, as the server answers', async () => {
    await typeInto(clientIdField(), 'ran-pathology-demo');
    await activate(page.getByRole('button', { name: 'Register client' }));
    await expectClientIdRefused(registeredHereMessage(demoClient));
    expect(await page.locator('#clientId-error').textContent()).not.toContain(
      integrationClientMessages.clientIdSpaces,
    );
    expect(pathname(page)).toBe('/integration-clients/register-a-client');
    await visit(page, 'integration-clients-register-taken');
  });

  it('registers the client and lists it, active', async () => {
    await typeInto(clientIdField(), 'ran-theatres');
    await activate(page.getByRole('button', { name: 'Register client' }));
    await poll(() => pathname(page)).toBe('/integration-clients');
    await poll(() => banner().textContent()).toContain(`${newClient} registered`);
    const row = rowOf('Registered clients', newClient);
    await poll(async () => (await cellsOf(row)).slice(0, 4)).toEqual([
      newClient,
      'ran-theatres',
      'Development sign-in',
      'Active',
    ]);
    expect((await cellsOf(row))[5]).toBe('None yet');
    await visit(page, 'integration-clients-registered');
  });

  it('asks before it disables the client, then enables it again', async () => {
    const row = rowOf('Registered clients', newClient);
    await activate(page.getByRole('button', { name: `Disable ${newClient}` }));
    // A destructive action is confirmed: the question takes the focus, and No changes nothing.
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
      `Disable ${newClient}?`,
    );
    await visit(page, 'integration-clients-confirm-disable');
    await activate(page.getByRole('button', { name: 'No, keep it enabled' }));
    expect((await cellsOf(row))[3]).toBe('Active');
    await activate(page.getByRole('button', { name: `Disable ${newClient}` }));
    await activate(page.getByRole('button', { name: `Yes, disable ${newClient}` }));
    await poll(() => banner().textContent()).toContain(`${newClient} disabled`);
    await poll(async () => (await cellsOf(row))[3]).toBe('Disabled');
    await visit(page, 'integration-clients-disabled');

    await activate(page.getByRole('button', { name: `Enable ${newClient}` }));
    await poll(() => banner().textContent()).toContain(`${newClient} enabled`);
    await poll(async () => (await cellsOf(row))[3]).toBe('Active');
    // The demonstration link was never touched.
    expect((await cellsOf(rowOf('Registered clients', demoClient)))[3]).toBe('Active');
  });

  it('reads the messages received, newest first, without patient details', async () => {
    await activate(page.getByRole('link', { name: 'View messages received' }));
    await poll(() => pathname(page)).toBe('/integration-clients/messages-received');
    await poll(() => heading(page).textContent()).toContain(integrationClientMessages.messagesTitle);
    const table = page.getByRole('table', { name: 'Messages received, newest first' });
    await poll(() => table.locator('tbody tr').count()).toBe(2);
    const [refusedRow, acceptedRow] = await table.locator('tbody tr').all();
    const accepted = await cellsOf(acceptedRow!);
    expect(accepted[0]).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(accepted.slice(1, 4)).toEqual([demoClient, `HL7 v2${controlId}`, 'Accepted']);
    expect(await acceptedRow!.locator('td').nth(4).getByRole('listitem').allTextContents()).toEqual([
      '1 result',
      '0 for patients on the list',
      '1 kept for 90 days',
      '1 ignored',
      '0 pathways updated',
    ]);
    expect(accepted[5]).toContain('OBX');
    const refused = await cellsOf(refusedRow!);
    expect(refused.slice(1, 5)).toEqual([demoClient, `HL7 v2${refusedId}`, 'Refused', 'Nothing applied']);
    expect(refused[5]).toContain('furlongs');
    expect(await page.locator('main').textContent()).not.toContain('9990000034');
    expect(await tableOverflow()).toBeLessThanOrEqual(4);
    await visit(page, 'integration-clients-messages');

    await activate(page.getByRole('link', { name: 'Back to integration clients' }));
    await poll(() => pathname(page)).toBe('/integration-clients');
  });

  it('asks the directory (tenant) ID where the installation takes Microsoft Entra ID tokens', async () => {
    // As an installation signed in through Entra ID answers: this one uses the development sign-in.
    const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    const list = (url: URL) => url.pathname === '/api/trusts/RAN/integration-clients';
    await page.route(list, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const real = (await (await route.fetch()).json()) as { items: object[] };
      await route.fulfill(
        fixture({
          ...real,
          acceptedIssuer: { kind: 'entra', trustTenantId: tenant },
          items: [
            ...real.items,
            {
              id: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17',
              name: 'Rhapsody integration engine',
              clientId: '8d2f6c1e-4b7a-4e0f-9c3d-2a1b5e6f7a8c',
              issuer: `entra:${tenant}`,
              status: 1,
              registeredAt: '2026-11-02T09:30:00.000Z',
              lastMessage: null,
            },
          ],
        }),
      );
    });
    try {
      await page.reload();
      const row = rowOf('Registered clients', 'Rhapsody integration engine');
      await poll(() => row.count()).toBe(1);
      expect((await cellsOf(row)).slice(1, 3)).toEqual([
        '8d2f6c1e-4b7a-4e0f-9c3d-2a1b5e6f7a8c',
        `Microsoft Entra ID (tenant ${tenant})`,
      ]);
      expect(await tableOverflow()).toBeLessThanOrEqual(4);
      await visit(page, 'integration-clients-entra');

      await activate(page.getByRole('button', { name: integrationClientMessages.registerTitle }));
      const tenantField = page.getByRole('textbox', { name: 'Directory (tenant) ID' });
      await poll(() => tenantField.inputValue()).toBe(tenant);
      await typeInto(tenantField, 'not a tenant');
      await activate(page.getByRole('button', { name: 'Register client' }));
      await poll(() => errorSummary().textContent()).toContain(integrationClientMessages.tenantIdInvalid);
      expect(
        await errorSummary()
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(['#name', '#tenantId', '#clientId']);
      await visit(page, 'integration-clients-register-entra');
    } finally {
      await page.unroute(list);
    }
  });

  it('a super admin reaches another trust’s clients from the trust’s page', async () => {
    const superAdmin = await app.newContext();
    const other = await superAdmin.newPage();
    try {
      await signInAs(other, 'Priya Shah');
      await other.goto('/manage-active-trusts/RL1');
      await activate(other.getByRole('link', { name: /^View integration clients of / }));
      await expect
        .poll(() => pathname(other), serverWait)
        .toBe('/manage-active-trusts/RL1/integration-clients');
      await expect
        .poll(() => heading(other).textContent(), serverWait)
        .toContain(integrationClientMessages.title);
      const row = other
        .getByRole('table', { name: 'Registered clients' })
        .getByRole('row')
        .filter({ hasText: 'RL1 pathology link (demonstration)' });
      await expect.poll(() => row.count(), serverWait).toBe(1);
      expect(await other.getByRole('table', { name: 'Registered clients' }).textContent()).not.toContain(
        newClient,
      );
      await visit(other, 'integration-clients-super-admin');
      await activate(other.getByRole('button', { name: integrationClientMessages.registerTitle }));
      await expect
        .poll(() => pathname(other), serverWait)
        .toBe('/manage-active-trusts/RL1/integration-clients/register-a-client');
      await visit(other, 'integration-clients-super-admin-register');
    } finally {
      await superAdmin.close();
    }
  });
});
