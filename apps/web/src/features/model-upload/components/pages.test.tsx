import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { modelMessages } from '@esr/contracts/models';
import { screenTable } from '../../../config/screen-table';
import { paths } from '../../../config/paths';
import { setPageNotice } from '../../../lib/page-notice';
import { modelQueryKeys } from '../api/models';
import {
  buildModelVersion,
  buildRecalibratedVersion,
  buildTripodCard,
  testRecalibratedId,
  testVersionId,
} from '../lib/test-builders';
import { ActivateModelVersionPage, activatedNotice } from './activate-version-page';
import { ModelCardPage } from './model-card-page';
import { RecalibrateModelVersionPage, recalibratedNotice } from './recalibrate-version-page';
import { UploadModelPage } from './upload-model-page';

vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    loginUserDetails: { name: 'Amira Okafor', trust: { code: 'RAN', name: 'Royal Anywhere' } },
    currentSelectedRole: 'TechnicalAdmin',
  }),
}));

const procedures = [{ code: 'knee', name: 'Knee replacement', category: 'joint replacement' }];
const versions = { items: [buildRecalibratedVersion(), buildModelVersion()] };

function render(
  url: string,
  pattern: string,
  page: ReactNode,
  fill: (client: QueryClient) => void = () => {},
) {
  const client = new QueryClient();
  client.setQueryData(['library', 'procedures'], procedures);
  fill(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const withVersions = (client: QueryClient) =>
  client.setQueryData(modelQueryKeys.versions('RAN', 'knee'), versions);

/** The page's headings in order, as level and text. */
const headingsOf = (markup: string) =>
  [...markup.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/g)].map(
    ([, level, text]) => `h${level} ${text!.replace(/<[^<>]+>/g, '')}`,
  );

describe('the model version addresses', () => {
  it('are built from the screen table', () => {
    expect(paths.uploadModel('knee')).toBe('/upload-model?procedure=knee');
    expect(paths.modelVersionCard('knee', testVersionId)).toBe(
      `/upload-model/knee/versions/${testVersionId}/card`,
    );
    expect(paths.modelVersionActivate('knee-hip', 'a/b')).toBe(
      '/upload-model/knee-hip/versions/a%2Fb/activate',
    );
    expect(paths.modelVersionRecalibrate('hip', testVersionId)).toBe(
      `/upload-model/hip/versions/${testVersionId}/recalibrate`,
    );
    expect(screenTable.modelVersionCard.allowed).toEqual(['TechnicalAdmin']);
    expect(screenTable.modelVersionActivate.area).toBe('technical-admin');
  });
});

describe('/upload-model with a procedure (decision 0046)', () => {
  it('shows the procedure’s versions, and what a version’s page has just done', () => {
    setPageNotice(paths.uploadModel('knee'), activatedNotice(3));
    const markup = render(
      '/upload-model?procedure=knee',
      screenTable.uploadModel.path,
      <UploadModelPage />,
      withVersions,
    );
    expect(markup).toContain('<option value="knee" selected="">Knee replacement</option>');
    expect(markup).toContain('Version 3 is now active. The list is being re-scored.');
    expect(markup).toContain('<h2 id="model-versions-heading">Model versions</h2>');
    expect(markup).toContain('Every version of the knee replacement model, newest first');
    expect(markup).toContain('Activate recalibrated version');
    expect(headingsOf(markup).filter((heading) => heading.startsWith('h1'))).toEqual(['h1 Upload model']);
  });

  it('shows no versions until a procedure is chosen', () => {
    const markup = render('/upload-model', screenTable.uploadModel.path, <UploadModelPage />, withVersions);
    expect(markup).not.toContain('Model versions');
  });
});

describe('making a version active', () => {
  const activateUrl = (id: string) => paths.modelVersionActivate('knee', id);
  const page = (id: string) =>
    render(
      activateUrl(id),
      screenTable.modelVersionActivate.path,
      <ActivateModelVersionPage />,
      withVersions,
    );

  it('asks to confirm, saying what will happen', () => {
    const markup = page(testRecalibratedId);
    expect(headingsOf(markup)[0]).toBe('h1 Knee replacement - Make version 3 active?');
    expect(markup).toContain(
      '<p>This will make version 3 the active model for knee replacement. Every patient on the list will be re-scored with it; earlier predictions are kept.</p>',
    );
    expect(markup).toContain('>Make version 3 active</button>');
    expect(markup).toContain('>Cancel</button>');
    expect(markup).toContain('A technical admin other than the one who created it must make it active.');
  });

  it('offers nothing to do for the active version', () => {
    const markup = page(testVersionId);
    expect(markup).toContain('Version 2 is already the active model.');
    expect(markup).not.toContain('>Make version 2 active</button>');
  });

  it('says when the procedure has no such version', () => {
    const markup = page('5f0e2d3c-0000-4000-8000-000000000000');
    expect(markup).toContain(`${modelMessages.notFound}.`);
    expect(markup).toContain('href="/upload-model?procedure=knee"');
  });

  it('says when the type of operation does not exist', () => {
    const markup = render(
      `/upload-model/elbow/versions/${testVersionId}/activate`,
      screenTable.modelVersionActivate.path,
      <ActivateModelVersionPage />,
    );
    expect(markup).toContain('This type of operation does not exist.');
  });
});

describe('recalibrating a version', () => {
  it('explains recalibration and asks how, and on which dates of operation', () => {
    const markup = render(
      paths.modelVersionRecalibrate('knee', testVersionId),
      screenTable.modelVersionRecalibrate.path,
      <RecalibrateModelVersionPage />,
      withVersions,
    );
    expect(headingsOf(markup)).toEqual([
      'h1 Knee replacement - Recalibrate version 2',
      'h2 Dates of operation (optional)',
    ]);
    expect(markup).toContain(
      'Your trust&#x27;s outcomes show whether the model&#x27;s risks are too high or too low for your patients. Recalibration adjusts them: the model&#x27;s factors stay the same, its probabilities are shifted (intercept) or shifted and stretched (intercept and slope). The new version is not used until a second technical admin activates it.',
    );
    for (const label of [
      'Let the data choose (recommended)',
      'Adjust the overall level (intercept)',
      'Adjust the level and spread (intercept and slope)',
    ])
      expect(markup).toContain(`>${label}</label>`);
    expect(markup).toContain('id="method-1"');
    expect(markup).not.toContain('checked=""');
    for (const id of ['from-day', 'from-month', 'from-year', 'to-day', 'to-month', 'to-year'])
      expect(markup).toContain(`id="${id}"`);
    expect(markup).toContain('>Fit recalibrated version</button>');
  });
});

describe('a version’s model card', () => {
  const cardUrl = paths.modelVersionCard('knee', testRecalibratedId);
  const page = () =>
    render(cardUrl, screenTable.modelVersionCard.path, <ModelCardPage />, (client) =>
      client.setQueryData(modelQueryKeys.card('RAN', 'knee', testRecalibratedId), buildTripodCard()),
    );

  it('gives the TRIPOD+AI items under headings in order', () => {
    expect(headingsOf(page())).toEqual([
      'h1 Knee replacement - Model card for version 3',
      'h2 Intended use and users',
      'h2 Outcome and time frame',
      'h2 Predictors',
      'h2 Risk bands',
      'h2 Development data',
      'h2 Performance where developed',
      'h2 Performance on your trust&#x27;s outcomes',
      'h3 By patient group',
      'h2 Known limitations',
      'h2 How it was updated',
      'h3 Recalibration',
      'h2 SHA-256',
      'h2 Download',
    ]);
  });

  it('shows the label, predictors, risk bands and figures', () => {
    const markup = page();
    expect(markup).toContain('<div class="nhsuk-inset-text">');
    expect(markup).toContain('Demonstration model (synthetic data) — not for clinical use');
    expect(markup).toContain('Handled by the model');
    expect(markup).toContain('>70<');
    expect(markup).toContain('20% or more');
    expect(markup).toContain('7.5% to under 20%');
    expect(markup).toContain('Under 7.5%');
    expect(markup).toContain('1.13 (95% interval 0.77 to 1.61)');
    expect(markup).toContain('0.712 (95% interval 0.650 to 0.775)');
    expect(markup).toContain('Only 31 complications have been recorded: too few complications to act on.');
    expect(markup).toContain('>Hidden<');
    expect(markup).toContain(
      '‘Hidden’ means the group has fewer than 10 patients, or that showing it would let someone work out a group of fewer than 10',
    );
    expect(markup.match(/nhsuk-tag--red">Check</g)).toHaveLength(1);
    expect(markup).toContain('Female');
  });

  it('says how a recalibrated version was made, and downloads as a PDF', () => {
    const markup = page();
    expect(markup).toContain(
      'logit(p′) = a + b·logit(p) with a = -0.214, b = 0.930, fitted on 1,204 patients',
    );
    expect(markup).toContain(
      'The factors&#x27; contributions shown on each risk summary stay on the base model&#x27;s scale.',
    );
    expect(markup).toContain('>Download the card as a PDF</button>');
    expect(markup).toContain('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08');
  });

  it('says a version just recalibrated was created', () => {
    setPageNotice(cardUrl, recalibratedNotice(3));
    expect(page()).toContain('Recalibrated version 3 created. A second technical admin must activate it.');
  });

  it('says nothing of a recalibration for an uploaded version', () => {
    const markup = render(cardUrl, screenTable.modelVersionCard.path, <ModelCardPage />, (client) =>
      client.setQueryData(
        modelQueryKeys.card('RAN', 'knee', testRecalibratedId),
        buildTripodCard({
          source: 'uploaded',
          baseVersion: null,
          recalibration: null,
          label: null,
          localPerformance: null,
        }),
      ),
    );
    expect(markup).not.toContain('logit');
    expect(markup).not.toContain('nhsuk-inset-text');
    expect(markup).toContain('No outcomes have been recorded for the patients this version scored yet.');
  });
});
