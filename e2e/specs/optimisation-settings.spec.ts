import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { optimisationRuleMessage, optimisationServicesMessages } from '@esr/contracts/optimisation-settings';
import { signInAs, visit } from '../fixtures/browser.js';
import { activate, heading, isFocused, pathname, typeInto } from '../fixtures/keyboard.js';
import { poll, readApiOk, useApp } from '../fixtures/app.js';

// The trust's optimisation thresholds and services (decisions 0071, 0073), set by a trust admin
// with the keyboard alone from the dashboard: a refused value with its error summary linking to
// the field, then a saved one kept through a reload; a service's contact for patients appears as
// the service is typed, and is saved with it.
const app = useApp();
let page: Page;
let trustCode = '';

const banner = () => page.locator('.nhsuk-notification-banner--success');
const summary = () => page.locator('.nhsuk-error-summary');
const openCard = async (title: string, path: string) => {
  await page.goto('/trust-admin-dashboard');
  await poll(() => heading(page).textContent()).toContain('Trust admin dashboard');
  await activate(page.locator('.nhsuk-card', { hasText: title }).getByRole('link'));
  await poll(() => pathname(page)).toBe(path);
  await poll(() => heading(page).textContent()).toContain(title);
};

beforeAll(async () => {
  page = await app.newPage();
});

describe('optimisation thresholds, as a trust admin sets them', () => {
  const haemoglobin = () => page.getByRole('textbox', { name: 'Anaemia: haemoglobin below (g/L)' });
  const weeks = () => page.getByRole('textbox', { name: 'Due, without a TCI date, after (weeks)' });
  const save = () => page.getByRole('button', { name: 'Save thresholds', exact: true });

  it('opens from the trust admin dashboard with the defaults and where they come from', async () => {
    await signInAs(page, 'Tom Hughes');
    await poll(() => pathname(page)).toBe('/trust-admin-dashboard');
    trustCode = (await readApiOk<{ trust: { code: string } }>(page, '/api/me/')).trust.code;
    await openCard('Optimisation thresholds', '/optimisation-thresholds');
    await poll(() => haemoglobin().inputValue()).toBe('130');
    expect(await weeks().inputValue()).toBe('12');
    expect(await page.locator('main').textContent()).toContain('NICE NG226');
    await visit(page, 'optimisation-thresholds');
  });

  it('refuses a haemoglobin out of range and weeks in words, each in the error summary linking to its field', async () => {
    await typeInto(haemoglobin(), '200');
    await typeInto(weeks(), 'twelve');
    await activate(save());
    await poll(() => isFocused(summary())).toBe(true);
    const said = (await summary().textContent()) ?? '';
    expect(said).toContain(optimisationRuleMessage('haemoglobinBelow'));
    expect(said).toContain(optimisationRuleMessage('dueWeeks'));
    expect(await page.locator('#haemoglobinBelow-error').textContent()).toContain(
      optimisationRuleMessage('haemoglobinBelow'),
    );
    await visit(page, 'optimisation-thresholds-errors');
    await activate(summary().getByRole('link', { name: optimisationRuleMessage('dueWeeks') }));
    await poll(() => isFocused(weeks())).toBe(true);
  });

  it('saves 120 g/L and 8 weeks, and keeps them through a reload', async () => {
    await typeInto(haemoglobin(), '120');
    await typeInto(weeks(), '8');
    await activate(save());
    await poll(() => banner().textContent()).toContain('Optimisation thresholds saved');
    expect(await summary().count()).toBe(0);
    await visit(page, 'optimisation-thresholds-saved');
    await page.reload();
    await poll(() => haemoglobin().inputValue()).toBe('120');
    expect(await weeks().inputValue()).toBe('8');
    expect(
      await readApiOk<Record<string, number>>(page, `/api/trusts/${trustCode}/optimisation/rules`),
    ).toMatchObject({ haemoglobinBelow: 120, dueWeeks: 8 });
  });
});

describe('optimisation services, as a trust admin sets them', () => {
  const anaemia = () => page.getByRole('textbox', { name: 'Anaemia', exact: true });
  const nutrition = () => page.getByRole('textbox', { name: 'Nutrition', exact: true });
  const contact = (service: string) => page.getByRole('textbox', { name: service, exact: true });
  const save = () => page.getByRole('button', { name: 'Save services', exact: true });
  const clinicContact = 'Call 01632 960 123, Monday to Friday, 9am to 5pm';

  it('lists each factor’s services, and a contact field for each service', async () => {
    await openCard('Optimisation services', '/optimisation-services');
    await poll(() => anaemia().inputValue()).toBe('Pre-operative anaemia clinic\nGP practice');
    expect(await contact('Dietetics').inputValue()).toBe('');
    await visit(page, 'optimisation-services');
  });

  it('refuses a service named twice, linking to its text area', async () => {
    await typeInto(nutrition(), 'Dietetics\ndietetics');
    await activate(save());
    await poll(() => isFocused(summary())).toBe(true);
    expect(await summary().textContent()).toContain(optimisationServicesMessages.duplicate);
    await visit(page, 'optimisation-services-errors');
    await activate(summary().getByRole('link'));
    await poll(() => isFocused(nutrition())).toBe(true);
    await typeInto(nutrition(), 'Dietetics');
  });

  it('adds a service, whose contact field appears as it is typed, and saves contacts kept through a reload', async () => {
    await typeInto(anaemia(), 'Pre-operative anaemia clinic\nGP practice\nAnaemia nurse');
    await poll(() => contact('Anaemia nurse').count()).toBe(1);
    await typeInto(contact('Pre-operative anaemia clinic'), clinicContact);
    await typeInto(contact('Anaemia nurse'), 'x'.repeat(201));
    await activate(save());
    await poll(() => isFocused(summary())).toBe(true);
    expect(await summary().textContent()).toContain(optimisationServicesMessages.contactTooLong);
    await typeInto(contact('Anaemia nurse'), 'Ask at the Day Surgery Unit reception');
    await activate(save());
    await poll(() => banner().textContent()).toContain('Optimisation services saved');
    await visit(page, 'optimisation-services-saved');
    await page.reload();
    await poll(() => contact('Pre-operative anaemia clinic').inputValue()).toBe(clinicContact);
    expect(await anaemia().inputValue()).toBe('Pre-operative anaemia clinic\nGP practice\nAnaemia nurse');
    const saved = await readApiOk<{ services: Record<string, string[]>; contacts: Record<string, string> }>(
      page,
      `/api/trusts/${trustCode}/optimisation/services`,
    );
    expect(saved.contacts).toEqual({
      'Pre-operative anaemia clinic': clinicContact,
      'Anaemia nurse': 'Ask at the Day Surgery Unit reception',
    });
  });
});
