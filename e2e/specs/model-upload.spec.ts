import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { visit } from '../fixtures/browser.js';
import { useApp } from '../fixtures/app.js';

const app = useApp();

const file = (...parts: string[]) => path.resolve(...parts);
const kneeModel = file('models/default/knee/model.pkl');
const kneeWrapper = file('models/default/knee/wrapper.pkl');
const hostile = file('apps/api/src/modules/models/test-files/os-system.pkl');

describe('upload model (technical admin)', () => {
  it('checks the form, shows server errors per field, and uploads a version that awaits approval', async () => {
    const page = await app.signedInPage('Ravi Patel');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Upload model');
    await visit(page, 'upload-model');

    await page.getByRole('button', { name: 'Submit' }).click();
    const summary = page.getByRole('alert');
    await expect.poll(() => summary.textContent()).toContain('Select the type of operation');
    expect(await summary.textContent()).toContain('Select a model file');
    expect(await summary.textContent()).toContain('Select a wrapper file');
    await visit(page, 'upload-model-errors');

    await page.getByLabel('Type of operation').selectOption('knee');
    await expect.poll(() => page.getByRole('heading', { name: 'Active model' }).isVisible()).toBe(true);
    expect(
      await page.getByText('Demonstration model (synthetic data) — not for clinical use').isVisible(),
    ).toBe(true);
    await visit(page, 'upload-model-active-card');

    await page.getByLabel('Model file').setInputFiles(hostile);
    await page.getByLabel('Wrapper file').setInputFiles(kneeWrapper);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.locator('#model-file-error').textContent()).toContain('os.system');
    expect(await page.locator('#wrapper-file-error').count()).toBe(0);
    await visit(page, 'upload-model-server-error');

    await page.getByLabel('Model file').setInputFiles(kneeModel);
    await page.getByRole('button', { name: 'Submit' }).click();
    // Decision 0060: stored inactive; the demonstration version stays active until a clinical
    // safety officer approves it.
    await expect
      .poll(() => page.locator('.nhsuk-notification-banner--success').textContent())
      .toMatch(
        /Version 2 uploaded\. It is awaiting approval by a clinical safety officer; version 1 stays active until then\./,
      );
    const versions = page.getByRole('table');
    await expect.poll(() => versions.getByRole('row').count()).toBe(3);
    expect(await versions.getByText('Awaiting approval').count()).toBeGreaterThan(0);
    expect(
      await page.getByText('Demonstration model (synthetic data) — not for clinical use').isVisible(),
    ).toBe(true);
    await visit(page, 'upload-model-success');
    await page.context().close();
  });

  it('is refused to other roles', async () => {
    const page = await app.signedInPage('Claire Evans');
    await page.goto('/upload-model');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/unauthorized');
    await page.context().close();
  });
});
