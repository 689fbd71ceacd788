import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modelMessages } from '@esr/contracts/models';
import { screenTable } from '../../../config/screen-table';
import { paths } from '../../../config/paths';
import { setPageNotice } from '../../../lib/page-notice';
import { modelQueryKeys } from '../api/models';
import type { GuardRole } from '@esr/contracts/roles';
import {
  buildModelVersion,
  buildRecalibratedVersion,
  buildSupersededVersion,
  buildTripodCard,
  testDeclined,
  testRecalibratedId,
  testSupersededId,
  testVersionId,
} from '../lib/test-builders';
import { approvedNotice } from '../lib/version-text';
import { ApproveModelVersionPage } from './approve-version-page';
import { ModelCardPage } from './model-card-page';
import { ProposeModelVersionPage } from './propose-version-page';
import { RecalibrateModelVersionPage, recalibratedNotice } from './recalibrate-version-page';
import { UploadModelPage } from './upload-model-page';
import type { Procedure } from '@esr/contracts/procedures';
import { renderScreen } from '../../../lib/render-screen';

/** The role the signed-in user acts in; each test sets it. */
const auth = vi.hoisted(() => ({ role: 'TechnicalAdmin' as GuardRole }));
vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    loginUserDetails: { name: 'Amira Okafor', trust: { code: 'RAN', name: 'Royal Anywhere' } },
    roles: [auth.role],
    currentSelectedRole: auth.role,
  }),
}));
const actAs = (role: GuardRole) => {
  auth.role = role;
};

const procedures: Procedure[] = [
  { code: 'knee', name: 'Knee replacement', category: 'joint replacement' },
  { code: 'hip', name: 'Hip replacement', category: 'joint replacement' },
];
const versions = { items: [buildRecalibratedVersion(), buildModelVersion(), buildSupersededVersion()] };

const render = (url: string, pattern: string, page: ReactNode, fill?: (client: QueryClient) => void) =>
  renderScreen(url, pattern, page, fill, { procedures });

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
    expect(paths.modelVersionPropose('knee-hip', 'a/b')).toBe(
      '/upload-model/knee-hip/versions/a%2Fb/propose',
    );
    expect(paths.modelVersionApprove('knee', testVersionId)).toBe(
      `/upload-model/knee/versions/${testVersionId}/approve`,
    );
    expect(paths.modelVersionRecalibrate('hip', testVersionId)).toBe(
      `/upload-model/hip/versions/${testVersionId}/recalibrate`,
    );
  });

  it('admit technical admins to proposing, and clinical safety officers alone to approving (decision 0060)', () => {
    expect(screenTable.modelVersionCard.allowed).toEqual(['TechnicalAdmin', 'ClinicalSafetyOfficer']);
    expect(screenTable.modelVersionPropose.allowed).toEqual(['TechnicalAdmin']);
    expect(screenTable.modelVersionRecalibrate.allowed).toEqual(['TechnicalAdmin']);
    expect(screenTable.modelVersionApprove.allowed).toEqual(['ClinicalSafetyOfficer']);
    expect(screenTable.modelVersionApprove.area).toBe('technical-admin');
  });
});

// A notice is taken by the page that opens next, which the static render never finishes opening.
afterEach(() => setPageNotice('/', ''));

const uploadPage = (url: string, fill: (client: QueryClient) => void = withVersions) =>
  render(url, screenTable.uploadModel.path, <UploadModelPage />, fill);

describe('/upload-model for a technical admin (decisions 0046 and 0060)', () => {
  beforeEach(() => actAs('TechnicalAdmin'));

  it('shows the procedure’s versions, and what a version’s page has just done in a banner that takes the focus', () => {
    setPageNotice(paths.uploadModel('knee'), approvedNotice(3));
    const markup = uploadPage('/upload-model?procedure=knee');
    expect(markup).toContain('<option value="knee" selected="">Knee replacement</option>');
    expect(markup).toContain(
      '<div tabindex="-1" class="app-focus-target"><div class="nhsuk-notification-banner nhsuk-notification-banner--success"',
    );
    expect(markup).toContain(
      'Version 3 approved: it is now the active version. The list is being re-scored.',
    );
    expect(markup).toContain('<h2 id="model-versions-knee">Model versions</h2>');
    expect(markup).toContain('Every version of the knee replacement model, newest first');
    expect(markup).toContain('Propose making active');
    expect(markup).not.toContain('Review and approve');
    expect(headingsOf(markup).filter((heading) => heading.startsWith('h1'))).toEqual(['h1 Upload model']);
  });

  it('says a new version replaces the active one only once a clinical safety officer approves it', () => {
    const markup = uploadPage('/upload-model');
    expect(markup).toContain(
      'The new version replaces the active model only once a clinical safety officer approves it.',
    );
    expect(markup).toContain('id="model-file"');
    expect(markup).not.toContain('Model versions');
  });

  it('warns of the CUSUM signals no clinical safety officer has acknowledged, with the way to model performance', () => {
    const markup = uploadPage('/upload-model', (client) => {
      client.setQueryData(modelQueryKeys.openSignals('RAN', 'knee'), {
        openSignals: [{ direction: 'better', date: '2026-04-26' }],
        suspension: null,
      });
      client.setQueryData(modelQueryKeys.openSignals('RAN', 'hip'), {
        openSignals: [
          { direction: 'worse', date: '2026-07-24' },
          { direction: 'worse', date: '2026-07-28' },
        ],
        suspension: null,
      });
    });
    expect(markup).toContain('<h2 class="nhsuk-notification-banner__title"');
    expect(markup).toContain(
      'The CUSUM for knee replacement signalled on <span><span class="app-nowrap">26-Apr-2026</span></span>: fewer complications than the model predicts. A clinical safety officer must acknowledge it on <a class="nhsuk-notification-banner__link" href="/model-performance?procedure=knee" data-discover="true">Model performance for knee replacement</a>.',
    );
    expect(markup).toContain(
      'The CUSUM for hip replacement signalled on <span><span class="app-nowrap">24-Jul-2026</span></span><span> and <span class="app-nowrap">28-Jul-2026</span></span>: more complications than the model predicts. A clinical safety officer must acknowledge them on <a class="nhsuk-notification-banner__link" href="/model-performance?procedure=hip" data-discover="true">Model performance for hip replacement</a>.',
    );
  });

  it('says nothing of signals when none is open', () => {
    const markup = uploadPage('/upload-model', (client) =>
      client.setQueryData(modelQueryKeys.openSignals('RAN', 'knee'), { openSignals: [], suspension: null }),
    );
    expect(markup).not.toContain('CUSUM');
    expect(markup).not.toContain('Predictions suspended');
  });

  it('says when the clinical safety officer has suspended a procedure’s predictions (decision 0063)', () => {
    const markup = uploadPage('/upload-model', (client) =>
      client.setQueryData(modelQueryKeys.openSignals('RAN', 'hip'), {
        openSignals: [],
        suspension: {
          suspendedOn: '2026-12-04',
          suspendedAt: '2026-12-04T10:00:00.000Z',
          suspendedBy: 'Sam Okafor',
          reason: 'Review',
        },
      }),
    );
    expect(markup).toContain('Predictions suspended');
    expect(markup).toContain(
      'Predictions for hip replacement were suspended by the clinical safety officer on',
    );
    expect(markup).toContain('04-Dec-2026');
  });
});

describe('/upload-model for a clinical safety officer (decision 0060)', () => {
  beforeEach(() => actAs('ClinicalSafetyOfficer'));

  it('shows every procedure’s versions, with no upload form, and the review of those awaiting approval', () => {
    const markup = uploadPage('/upload-model');
    expect(headingsOf(markup)).toEqual(['h1 Model versions', 'h2 Knee replacement', 'h2 Hip replacement']);
    expect(markup).not.toContain('id="model-file"');
    expect(markup).not.toContain('<select');
    expect(markup).toContain('Every version of the knee replacement model, newest first');
    expect(markup).toContain(`href="/upload-model/knee/versions/${testRecalibratedId}/approve"`);
    expect(markup).toContain('Review and approve');
    expect(markup).not.toContain('Propose making active');
    expect(markup).not.toContain('Recalibrate<');
  });

  it('says what the review has just done whichever procedure the address names', () => {
    setPageNotice(paths.uploadModel('knee'), approvedNotice(3));
    expect(uploadPage('/upload-model')).toContain('Version 3 approved');
  });
});

describe('proposing a version (decision 0060)', () => {
  beforeEach(() => actAs('TechnicalAdmin'));
  const page = (id: string) =>
    render(
      paths.modelVersionPropose('knee', id),
      screenTable.modelVersionPropose.path,
      <ProposeModelVersionPage />,
      withVersions,
    );

  it('asks to confirm, saying a clinical safety officer must approve it and the active version stays until then', () => {
    const markup = page(testSupersededId);
    expect(headingsOf(markup)[0]).toBe('h1 Knee replacement - Propose making version 1 active?');
    expect(markup).toContain(
      '<p>A clinical safety officer must approve version 1 before it becomes the active model for knee replacement. Until then version 2 stays active.</p>',
    );
    expect(markup).toContain('>Propose version 1</button>');
    expect(markup).toContain('>Cancel</button>');
  });

  it('shows why a declined version was declined', () => {
    const markup = render(
      paths.modelVersionPropose('knee', testSupersededId),
      screenTable.modelVersionPropose.path,
      <ProposeModelVersionPage />,
      (client) =>
        client.setQueryData(modelQueryKeys.versions('RAN', 'knee'), {
          items: [buildSupersededVersion({ status: 'declined', declined: testDeclined })],
        }),
    );
    expect(markup).toContain('Declined');
    expect(markup).toContain('Reason: <bdi>The validation report does not cover patients over 85.</bdi>');
    expect(markup).toContain('>Propose version 1</button>');
  });

  it('offers nothing to do for the active version, or one awaiting approval', () => {
    const active = page(testVersionId);
    expect(active).toContain(`${modelMessages.alreadyActive}.`);
    expect(active).not.toContain('>Propose version 2</button>');
    const awaiting = page(testRecalibratedId);
    expect(awaiting).toContain(`${modelMessages.alreadyProposed}.`);
    expect(awaiting).not.toContain('>Propose version 3</button>');
  });

  it('says when the procedure has no such version', () => {
    const markup = page('5f0e2d3c-0000-4000-8000-000000000000');
    expect(markup).toContain(`${modelMessages.notFound}.`);
    expect(markup).toContain('href="/upload-model?procedure=knee"');
  });

  it('says when the type of operation does not exist', () => {
    const markup = render(
      `/upload-model/elbow/versions/${testVersionId}/propose`,
      screenTable.modelVersionPropose.path,
      <ProposeModelVersionPage />,
    );
    expect(markup).toContain('This type of operation does not exist.');
  });
});

describe('reviewing a version (decision 0060)', () => {
  beforeEach(() => actAs('ClinicalSafetyOfficer'));
  const page = (id: string, items = versions.items) =>
    render(
      paths.modelVersionApprove('knee', id),
      screenTable.modelVersionApprove.path,
      <ApproveModelVersionPage />,
      (client) => client.setQueryData(modelQueryKeys.versions('RAN', 'knee'), { items }),
    );

  it('shows the version, its proposer, its recalibration and how it did, then Approve and Decline', () => {
    const markup = page(testRecalibratedId);
    expect(headingsOf(markup)).toEqual([
      'h1 Knee replacement - Review version 3',
      'h2 Approve',
      'h2 Decline',
    ]);
    for (const text of [
      'Recalibrated from version 2',
      '<dt class="nhsuk-summary-list__key">Proposed by</dt><dd class="nhsuk-summary-list__value"><bdi>Ravi Patel</bdi>, 02-Jun-2026 09:30:00</dd>',
      '<dt class="nhsuk-summary-list__key">Active version now</dt><dd class="nhsuk-summary-list__value">Version 2</dd>',
      'logit(p′) = a + b·logit(p) with a = -0.214, b = 0.930',
      'No outcomes yet',
      `href="/upload-model/knee/versions/${testRecalibratedId}/card"`,
      'Version 3 becomes the active model for knee replacement, in place of version 2. Every patient on the list is re-scored with it; earlier predictions are kept.',
      '>Approve version 3</button>',
      '<label class="nhsuk-label nhsuk-label--s" for="decline-reason">Why are you not approving this version?</label>',
      '>Decline version 3</button>',
    ])
      expect(markup).toContain(text);
  });

  it('tells the one who proposed it that they cannot approve it, and offers no Approve button', () => {
    const own = buildRecalibratedVersion({
      proposal: { by: 'Amira Okafor', at: '2026-06-02T08:30:00Z', byYou: true },
    });
    const markup = page(testRecalibratedId, [own, buildModelVersion()]);
    expect(markup).toContain(`${modelMessages.proposerCannotApprove}.`);
    expect(markup).toContain('<bdi>Amira Okafor</bdi> (you)');
    expect(markup).not.toContain('>Approve version 3</button>');
    expect(markup).toContain('>Decline version 3</button>');
  });

  it('has nothing to review for a version no one has proposed, or the active one', () => {
    const superseded = page(testSupersededId);
    expect(superseded).toContain(`${modelMessages.nothingToApprove}.`);
    expect(superseded).not.toContain('Approve version 1');
    expect(superseded).not.toContain('decline-reason');
    expect(page(testVersionId)).toContain(`${modelMessages.alreadyActive}.`);
  });
});

describe('recalibrating a version', () => {
  beforeEach(() => actAs('TechnicalAdmin'));

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
      'Your trust&#x27;s outcomes show whether the model&#x27;s risks are too high or too low for your patients. Recalibration adjusts them: the model&#x27;s factors stay the same, its probabilities are shifted (intercept) or shifted and stretched (intercept and slope). The new version is not used until a clinical safety officer approves it.',
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
      'h2 Who it was made for',
      'h2 Predictors',
      'h2 Risk bands',
      'h2 Development data',
      'h2 Performance where developed',
      'h2 Performance on your trust&#x27;s outcomes',
      'h3 By patient group',
      'h2 Known limitations',
      'h2 How it was updated',
      'h3 Recalibration',
      'h2 TRIPOD+AI items',
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
    expect(markup).toContain(
      'Only 31 complications have been recorded, fewer than 100: these figures are uncertain.',
    );
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

  it('says a version just recalibrated was created, and waits for approval', () => {
    setPageNotice(cardUrl, recalibratedNotice(3));
    expect(page()).toContain(
      'Recalibrated version 3 created. It is awaiting approval by a clinical safety officer.',
    );
  });

  it('gives the version’s status, and what the role can do next with it', () => {
    const withBoth = (client: QueryClient) => {
      client.setQueryData(modelQueryKeys.card('RAN', 'knee', testRecalibratedId), buildTripodCard());
      withVersions(client);
    };
    actAs('ClinicalSafetyOfficer');
    const reviewing = render(cardUrl, screenTable.modelVersionCard.path, <ModelCardPage />, withBoth);
    expect(reviewing).toContain('nhsuk-tag--yellow">Awaiting approval</strong>');
    expect(reviewing).toContain(`href="/upload-model/knee/versions/${testRecalibratedId}/approve"`);
    actAs('TechnicalAdmin');
    const proposing = render(cardUrl, screenTable.modelVersionCard.path, <ModelCardPage />, withBoth);
    expect(proposing).not.toContain('/approve"');
    expect(proposing).not.toContain('/propose"');
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
