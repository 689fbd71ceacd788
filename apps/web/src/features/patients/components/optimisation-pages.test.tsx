import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  factorDefinitions,
  findingWithDate,
  optimisationMessages,
  weightNeverDelays,
  type OptimisationEntry,
  type PathwayFactor,
  type PathwayOptimisation,
} from '@esr/contracts/optimisation';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import type { GuardRole } from '@esr/contracts/roles';
import { patientKeys } from '../api/query-keys';
import {
  OptimisationDeclinedPage,
  OptimisationMetPage,
  OptimisationProgressPage,
  OptimisationReferPage,
} from './optimisation-form-pages';
import { OptimisationPage } from './optimisation-page';
import { OptimisationSection } from './optimisation-section';
import { RecordValidationPage } from './record-validation-page';

// The signed-in user: a role to act in, and the trust. The procedures' names are not needed.
const auth = vi.hoisted(() => ({ role: 'Clinician' as GuardRole }));
vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    currentSelectedRole: auth.role,
    roles: [auth.role],
    loginUserDetails: { trust: { code: 'RAN' } },
  }),
}));
vi.mock('../../../lib/api/library', () => ({ useProcedures: () => ({ data: [] }) }));

const id = '00000000-0000-4000-8000-000000000001';
const pathway = {
  id,
  nhsNumber: '9434765919',
  firstName: 'Ann',
  lastName: 'Okafor',
  isActive: true,
  priority: 'P4',
  priorityDate: '2026-01-05',
  prioritySetBy: null,
  priorityDueBy: null,
  clockStart: '2025-06-01',
  daysWaited: 300,
  waitBand: '18-52',
  lastValidatedOn: null,
  nextValidationDue: '2025-08-24',
  lastHarmReview: null,
  harmReviewThresholdWeeks: [52, 78, 104],
  prediction: 'medium',
  probability: 0.34,
  adjustment: null,
  flags: [],
  postponedFrom: null,
  today: '2026-11-27',
  history: [],
} satisfies PathwayPrioritisation;

const anaemia: PathwayFactor = {
  code: 'anaemia',
  label: 'Anaemia',
  status: 'identified',
  finding: 'Haemoglobin 118 g/L',
  value: 118,
  valueDate: '2026-10-18',
  ask: factorDefinitions.anaemia.ask,
  guidance: factorDefinitions.anaemia.guidance,
  identifiedOn: '2026-10-18',
  dueOn: '2027-01-10',
  overdue: false,
  services: ['Pre-operative anaemia clinic', 'GP practice'],
  entries: [],
};
const weight: PathwayFactor = {
  ...anaemia,
  code: 'weight',
  label: 'Weight',
  finding: 'Body mass index 41.0',
  value: 41,
  valueDate: null,
  ask: factorDefinitions.weight.ask,
  guidance: factorDefinitions.weight.guidance,
  services: ['Weight management service'],
};
const entry = (values: Partial<OptimisationEntry>): OptimisationEntry => ({
  status: 'referred',
  service: null,
  note: null,
  reason: null,
  finding: null,
  findingDate: null,
  riskBefore: null,
  riskAfter: null,
  recordedBy: 'Dr A Khan',
  recordedAt: '2026-11-20T10:00:00.000Z',
  ...values,
});

/** The page at `path` (…?type=knee), with the pathway's prioritisation and factors loaded. */
function render(
  element: ReactNode,
  factors: PathwayFactor[] = [anaemia],
  options: { isActive?: boolean; path?: string; pattern?: string } = {},
) {
  const { isActive = true, path = 'page', pattern = 'page' } = options;
  const client = new QueryClient();
  client.setQueryData(patientKeys.pathwayPrioritisation('RAN', 'knee', id), { ...pathway, isActive });
  const optimisation: PathwayOptimisation = { factors, isActive, weightNote: weightNeverDelays };
  client.setQueryData(patientKeys.pathwayOptimisation('RAN', 'knee', id), optimisation);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/patient-lookup/${id}/${path}?type=knee`]}>
        <Routes>
          <Route path={`/patient-lookup/:waitinglistId/${pattern}`} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const section = <OptimisationSection trust="RAN" type="knee" id={id} />;
/** Markup's text: what is outside its tags, read once from start to end. */
function textOf(markup: string): string {
  let text = '';
  let inTag = false;
  for (const character of markup) {
    if (character === '<') inTag = true;
    else if (character === '>') inTag = false;
    else if (!inTag) text += character;
  }
  return text;
}
/** Each link's address and its name (its text, a visually hidden part too). */
const linksOf = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, href, text]) => ({
    href: href!.replaceAll('&amp;', '&'),
    text: textOf(text!),
  }));
const h1Count = (html: string) => html.match(/<h1[ >]/g)?.length ?? 0;

afterEach(() => {
  auth.role = 'Clinician';
});

describe('optimisation before surgery on the risk summary (decision 0071)', () => {
  it('shows each factor: its finding with its day, status, due date, what is asked and its guidance', () => {
    const html = render(section);
    expect(html).toContain(
      '<h2 class="nhsuk-heading-m" id="optimisation-heading">Optimisation before surgery</h2>',
    );
    expect(html).toContain('<h3 class="nhsuk-heading-s" id="optimisation-anaemia">Anaemia</h3>');
    // In the contract's words, the day on one line.
    expect(textOf(html)).toContain(findingWithDate('Haemoglobin 118 g/L', '2026-10-18'));
    expect(html).toContain('Haemoglobin 118 g/L on <span class="app-nowrap">18-Oct-2026</span>');
    expect(html).toContain('<strong class="nhsuk-tag nhsuk-tag--yellow">Identified</strong>');
    expect(html).toContain('10-Jan-2027');
    expect(html).toContain('Identified on 18-Oct-2026');
    expect(html).toContain(factorDefinitions.anaemia.ask);
    expect(html).toContain(`Guidance: ${factorDefinitions.anaemia.guidance}`);
    expect(html).toContain('Nothing recorded yet');
    expect(html).not.toContain('Overdue');
  });

  it('tags an overdue factor, and shows each status in its words and colour', () => {
    expect(render(section, [{ ...anaemia, overdue: true }])).toContain(
      '10-Jan-2027 <strong class="nhsuk-tag nhsuk-tag--red">Overdue</strong>',
    );
    const tags = {
      referred: '<strong class="nhsuk-tag nhsuk-tag--blue">Referred</strong>',
      in_progress: '<strong class="nhsuk-tag nhsuk-tag--purple">In progress</strong>',
      met: '<strong class="nhsuk-tag nhsuk-tag--green">Met</strong>',
      declined: '<strong class="nhsuk-tag nhsuk-tag--grey">Declined by the patient</strong>',
      not_possible: '<strong class="nhsuk-tag nhsuk-tag--grey">Not possible</strong>',
    } as const;
    for (const [status, tag] of Object.entries(tags))
      expect(render(section, [{ ...anaemia, status: status as keyof typeof tags }]), status).toContain(tag);
  });

  it('shows the latest entry: what, to which service, who and when, and its note, the typed text isolated', () => {
    const html = render(section, [
      {
        ...anaemia,
        status: 'referred',
        entries: [
          entry({ service: 'Pre-operative anaemia clinic', note: 'Iron studies requested' }),
          entry({ status: 'in_progress', recordedAt: '2026-11-01T09:00:00.000Z', note: 'Older' }),
        ],
      },
    ]);
    expect(html).toContain('Referred to <bdi>Pre-operative anaemia clinic</bdi>');
    expect(html).toContain(
      'By <bdi>Dr A Khan</bdi> on <time class="app-nowrap" dateTime="2026-11-20T10:00:00.000Z">20-Nov-2026 10:00:00</time>',
    );
    expect(html).toContain('Note: <bdi>Iron studies requested</bdi>');
    expect(html).toContain('Earlier entries');
    expect(html.indexOf('Iron studies requested')).toBeLessThan(html.indexOf('Older'));
  });

  it('shows a target met by a new result: the value, the risk before and after, and that it was automatic', () => {
    const html = render(section, [
      {
        ...anaemia,
        status: 'met',
        finding: null,
        entries: [
          entry({
            status: 'met',
            finding: 'Haemoglobin 134 g/L',
            findingDate: '2027-01-12',
            riskBefore: 0.141,
            riskAfter: 0.098,
            recordedBy: 'Automatic: a new result met the target',
          }),
        ],
      },
    ]);
    expect(html).toContain('Met: Haemoglobin 134 g/L on 12-Jan-2027 (risk 14.1% → 9.8%)');
    expect(html).toContain('Automatic: a new result met the target, <time');
    expect(html).toContain('Not shown by the current values');
    // A closed factor has no due date, and nothing to do.
    expect(html).not.toContain('Due by');
    expect(linksOf(html)).toEqual([]);
    // Nothing is open, so there is nothing to ask of the GP.
    expect(html).not.toContain('Download letter to the GP');
  });

  it('shows a referral, which keeps the finding that was its reason, as a person’s entry', () => {
    const html = render(section, [
      {
        ...anaemia,
        status: 'referred',
        entries: [
          entry({
            status: 'referred',
            service: 'Pre-operative anaemia clinic',
            finding: 'Haemoglobin 118 g/L',
            findingDate: '2026-10-28',
          }),
        ],
      },
    ]);
    expect(html).not.toContain('Referred: Haemoglobin');
    expect(html).toContain('Download letter to the GP');
    expect(html).not.toContain('Automatic');
    expect(html).toContain('Pre-operative anaemia clinic');
  });

  it('says weight never delays surgery by itself wherever weight is (NICE NG226)', () => {
    const html = render(section, [anaemia, weight]);
    expect(html).toContain(
      `<div class="nhsuk-inset-text"><span class="nhsuk-u-visually-hidden">Information: </span><p>${weightNeverDelays}</p></div>`,
    );
    expect(html.indexOf(weightNeverDelays)).toBeGreaterThan(html.indexOf('Body mass index 41.0'));
    expect(render(section)).not.toContain(weightNeverDelays);
  });

  it('says when the current values show nothing to optimise', () => {
    const html = render(section, []);
    expect(html).toContain('No risk factors to optimise were found from this patient’s current values.');
    expect(html).not.toContain('<h3');
  });

  it('links a clinician to every step, each link named for its factor', () => {
    const links = linksOf(render(section, [anaemia, weight]));
    expect(links.filter((link) => link.href.includes('/anaemia/'))).toEqual([
      { href: `/patient-lookup/${id}/optimisation/anaemia/refer?type=knee`, text: 'Refer for anaemia' },
      {
        href: `/patient-lookup/${id}/optimisation/anaemia/record-progress?type=knee`,
        text: 'Record progress for anaemia',
      },
      {
        href: `/patient-lookup/${id}/optimisation/anaemia/record-as-met?type=knee`,
        text: 'Record as met for anaemia',
      },
      {
        href: `/patient-lookup/${id}/optimisation/anaemia/record-as-declined?type=knee`,
        text: 'Record as declined for anaemia',
      },
      {
        href: `/patient-lookup/${id}/optimisation/anaemia/record-as-not-possible?type=knee`,
        text: 'Record as not possible for anaemia',
      },
    ]);
    const names = links.map((link) => link.text);
    expect(new Set(names).size).toBe(names.length);
    expect(render(section)).toContain('<span class="nhsuk-u-visually-hidden"> for anaemia</span>');
  });

  it('offers a referred factor no second referral, and a clerical user nothing', () => {
    const referred = linksOf(render(section, [{ ...anaemia, status: 'referred' }])).map((link) => link.text);
    expect(referred).toEqual([
      'Record progress for anaemia',
      'Record as met for anaemia',
      'Record as declined for anaemia',
      'Record as not possible for anaemia',
    ]);
    auth.role = 'ClericalUser';
    const html = render(section);
    expect(html).toContain('Haemoglobin 118 g/L');
    expect(linksOf(html)).toEqual([]);
  });

  it('offers nothing on a pathway no longer on the active list', () => {
    expect(linksOf(render(section, [anaemia], { isActive: false }))).toEqual([]);
  });
});

describe('the optimisation page of a waiting list admin (decision 0071)', () => {
  it('shows the patient and each factor under its own heading, with the administrative steps only', () => {
    auth.role = 'WaitingListAdmin';
    const html = render(<OptimisationPage />);
    expect(h1Count(html)).toBe(1);
    expect(html).toContain('<bdi>Ann Okafor</bdi>');
    expect(html).toContain('943 476 5919');
    expect(html).toContain('<h2 class="nhsuk-heading-m" id="optimisation-anaemia">Anaemia</h2>');
    expect(linksOf(html).map((link) => link.text)).toEqual([
      'Refer for anaemia',
      'Record progress for anaemia',
      'Record as declined for anaemia',
      'Back to the prioritisation worklist',
    ]);
  });

  it('is where Record validation leads a waiting list admin, and no one else', () => {
    auth.role = 'WaitingListAdmin';
    expect(linksOf(render(<RecordValidationPage />))).toContainEqual({
      href: `/patient-lookup/${id}/optimisation?type=knee`,
      text: 'Optimisation before surgery',
    });
    auth.role = 'ClericalUser';
    expect(render(<RecordValidationPage />)).not.toContain('/optimisation');
  });

  it('says so of a pathway no longer on the active list, and offers nothing', () => {
    auth.role = 'WaitingListAdmin';
    const html = render(<OptimisationPage />, [anaemia], { isActive: false });
    expect(html).toContain(`${optimisationMessages.archived}.`);
    expect(linksOf(html).map((link) => link.text)).toEqual(['Back to the prioritisation worklist']);
  });
});

describe('the pages of each step (decision 0071)', () => {
  const step = (page: ReactNode, segment: string, factors: PathwayFactor[] = [anaemia], isActive = true) =>
    render(page, factors, {
      isActive,
      path: `optimisation/${factors[0]?.code ?? 'anaemia'}/${segment}`,
      pattern: `optimisation/:factor/${segment}`,
    });

  it('refers: the patient, the finding and what is asked, then the trust’s services and a note', () => {
    const html = step(<OptimisationReferPage />, 'refer');
    expect(h1Count(html)).toBe(1);
    expect(html).toContain('Refer for anaemia</h1>');
    expect(html).toContain('<bdi>Ann Okafor</bdi>');
    expect(html).toContain('943 476 5919');
    expect(textOf(html)).toContain('Haemoglobin 118 g/L on 18-Oct-2026');
    expect(html).toContain(factorDefinitions.anaemia.ask);
    expect(html).toContain(
      '<legend class="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">Service the patient is referred to</legend>',
    );
    expect(html).toContain('id="service-1"');
    expect(html).toContain('<bdi>Pre-operative anaemia clinic</bdi>');
    expect(html).toContain('<bdi>GP practice</bdi>');
    expect(html).toContain('Note (optional)');
    expect(html).not.toContain('id="reason"');
    expect(html).toContain('>Record referral<');
  });

  it('records progress with a note alone', () => {
    const html = step(<OptimisationProgressPage />, 'record-progress');
    expect(html).toContain('Record progress on anaemia</h1>');
    expect(html).toContain('id="note"');
    expect(html).not.toContain('name="service"');
    expect(html).not.toContain('id="reason"');
  });

  it('asks for how the target was met, with the value and its date', () => {
    const html = step(<OptimisationMetPage />, 'record-as-met');
    expect(html).toContain('Record anaemia as met</h1>');
    expect(html).toContain('How the target was met, with the value and its date');
    expect(html).toContain('aria-describedby="reason-hint reason-count"');
    expect(html).not.toContain('id="note"');
  });

  it('shows the weight note on weight’s pages too', () => {
    const html = step(<OptimisationDeclinedPage />, 'record-as-declined', [weight]);
    expect(html).toContain('Record weight as declined by the patient</h1>');
    expect(html).toContain(weightNeverDelays);
  });

  it('says why there is nothing to record: archived, a factor not found, or one already closed', () => {
    const archived = step(<OptimisationReferPage />, 'refer', [anaemia], false);
    expect(archived).toContain(`${optimisationMessages.archived}.`);
    expect(archived).not.toContain('<form');
    const missing = render(<OptimisationReferPage />, [weight], {
      path: 'optimisation/anaemia/refer',
      pattern: 'optimisation/:factor/refer',
    });
    expect(missing).toContain(`${optimisationMessages.notFound}.`);
    expect(missing).not.toContain('<form');
    const unknown = render(<OptimisationReferPage />, [anaemia], {
      path: 'optimisation/spleen/refer',
      pattern: 'optimisation/:factor/refer',
    });
    expect(unknown).toContain(`${optimisationMessages.notFound}.`);
    const closed = step(<OptimisationMetPage />, 'record-as-met', [{ ...anaemia, status: 'declined' }]);
    expect(closed).toContain(`${optimisationMessages.closed}.`);
    expect(closed).not.toContain('<form');
    expect(linksOf(closed)).toEqual([
      { href: `/patient-lookup/${id}?type=knee`, text: 'Back to the risk summary' },
    ]);
  });
});
