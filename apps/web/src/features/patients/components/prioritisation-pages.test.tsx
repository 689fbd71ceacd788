import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  lowRiskIsNotUrgency,
  prioritisationMessages,
  type PathwayPrioritisation,
} from '@esr/contracts/prioritisation';
import type { GuardRole } from '@esr/contracts/roles';
import { patientKeys } from '../api/query-keys';
import { AdjustRiskPage } from './adjust-risk-page';
import { ChangePriorityPage } from './change-priority-page';
import { PathwayPrioritisationSection } from './pathway-prioritisation-section';
import { PrioritisationTimeline } from './prioritisation-timeline';
import { RecordHarmReviewPage } from './record-harm-review-page';
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
const pathway: PathwayPrioritisation = {
  id,
  nhsNumber: '9434765919',
  firstName: 'Ann',
  lastName: 'Okafor',
  isActive: true,
  priority: 'P4',
  priorityDate: '2026-01-05',
  prioritySetBy: 'Dr A Khan',
  priorityDueBy: null,
  clockStart: '2025-06-01',
  daysWaited: 300,
  waitBand: '18-52',
  lastValidatedOn: null,
  nextValidationDue: '2025-08-24',
  lastHarmReview: { level: 'mild', reviewedOn: '2026-02-01' },
  harmReviewThresholdWeeks: [52, 78, 104],
  prediction: 'medium',
  probability: 0.34,
  adjustment: null,
  flags: ['validation_due'],
  postponedFrom: null,
  today: '2026-11-27',
  history: [],
};

/** The page at /patient-lookup/{id}/…?type=knee, with the pathway's prioritisation loaded. */
function render(element: ReactNode, data: Partial<PathwayPrioritisation> = {}) {
  const client = new QueryClient();
  client.setQueryData(patientKeys.pathwayPrioritisation('RAN', 'knee', id), { ...pathway, ...data });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/patient-lookup/${id}/page?type=knee`]}>
        <Routes>
          <Route path="/patient-lookup/:waitinglistId/page" element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const h1Count = (html: string) => html.match(/<h1[ >]/g)?.length ?? 0;

afterEach(() => {
  auth.role = 'Clinician';
});

describe('the prioritisation pages (decision 0044)', () => {
  it('shows the patient and the current priority above the change, one h1', () => {
    const html = render(<ChangePriorityPage />);
    expect(h1Count(html)).toBe(1);
    expect(html).toContain('<bdi>Ann Okafor</bdi>');
    expect(html).toContain('943 476 5919');
    expect(html).toContain('P4: can wait over 3 months');
    expect(html).toContain('Set by <bdi>Dr A Khan</bdi> on 05-Jan-2026');
    expect(html).toContain(
      '<legend class="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">New priority</legend>',
    );
    expect(html).toContain('aria-describedby="reason-hint reason-count"');
  });

  it('says what moderate and severe harm ask, and where moving up would go', () => {
    const html = render(<RecordHarmReviewPage />);
    expect(html).toContain('Move the pathway up one priority category, and tell the patient and their GP.');
    expect(html).toContain('Consider P1b, and review the patient at least weekly.');
    expect(html).toContain('From P4 to P3. Only after moderate or severe harm.');
    expect(render(<RecordHarmReviewPage />, { priority: 'P6' })).toContain(
      'P6 is the patient’s choice, so it cannot move up',
    );
  });

  it('says beside the priority choice that a low predicted risk is no reason to lower a priority (hazard H008)', () => {
    const html = render(<ChangePriorityPage />);
    expect(html).toContain(lowRiskIsNotUrgency);
    expect(html.indexOf(lowRiskIsNotUrgency)).toBeLessThan(html.indexOf('New priority</legend>'));
    expect(html).toContain('Choose a priority different from the current one.');
  });

  it('lets a clinician keep a postponement of a P2 at the patient’s request, and says its breach (decision 0056)', () => {
    const html = render(<ChangePriorityPage />, {
      priority: 'P6',
      postponedFrom: { priority: 'P2', priorityDate: '2026-10-20', dueBy: '2026-11-17' },
      flags: ['priority_breached', 'clinician_review_due'],
    });
    expect(html).toContain(
      'Postponed from P2 at the patient’s request, due by 17-Nov-2026. A clinician needs to review the priority.',
    );
    expect(html).toContain('Choose P6 to keep the patient’s postponement, or another priority.');
  });

  it('reveals P5 or P6 only under postpone', () => {
    const html = render(<RecordValidationPage />);
    expect(html).toContain('aria-controls="conditional-outcome-2"');
    expect(html).toMatch(/id="conditional-outcome-2" hidden="">.*id="postponeTo-1"/s);
    expect(html).toContain('<strong class="nhsuk-tag nhsuk-tag--orange">Due</strong>');
  });

  it('puts the model’s prediction beside the choice, and Remove adjustment when there is one', () => {
    const html = render(<AdjustRiskPage />);
    expect(html).toContain('The model’s prediction: Moderate risk (34.0%).');
    expect(html).not.toContain('Remove adjustment');
    const adjusted = render(<AdjustRiskPage />, {
      adjustment: { prediction: 'high', reason: 'Recent fall', by: 'Dr B', on: '2026-11-20T10:00:00Z' },
    });
    expect(adjusted).toContain('Clinician’s view: High risk');
    expect(adjusted).toContain('Remove adjustment');
    expect(render(<AdjustRiskPage />, { prediction: null, probability: null })).toContain(
      prioritisationMessages.notScored,
    );
  });

  it('shows a pathway no longer on the active list without its form', () => {
    const html = render(<ChangePriorityPage />, { isActive: false });
    expect(html).toContain(prioritisationMessages.notOnList);
    expect(html).not.toContain('<form');
  });
});

describe('the waiting list priority on the risk summary (decision 0044)', () => {
  const section = <PathwayPrioritisationSection trust="RAN" type="knee" id={id} />;

  it('shows the priority, the wait, the validation, the harm review and the risk', () => {
    const html = render(section, { flags: ['priority_breached', 'harm_review_due'] });
    expect(html).toContain(
      'P4: can wait over 3 months <strong class="nhsuk-tag nhsuk-tag--red">Breached</strong>',
    );
    expect(html).toContain('300 days (42 weeks) since the clock start on 01-Jun-2025');
    expect(html).toContain('Wait band: 18 to 52 weeks');
    expect(html).toContain(
      'Mild harm, reviewed on 01-Feb-2026 <strong class="nhsuk-tag nhsuk-tag--orange">Due</strong>',
    );
    expect(html).toContain('The model’s prediction: Moderate risk (34.0%)');
    expect(render(section, { prioritySetBy: null })).toContain('From the waiting list');
  });

  it('says a postponement of a P1a, P1b or P2 waits for a clinician, with its breach (decision 0056)', () => {
    const html = render(section, {
      priority: 'P5',
      postponedFrom: { priority: 'P1b', priorityDate: '2026-11-20', dueBy: '2026-11-23' },
      flags: ['priority_breached', 'clinician_review_due'],
    });
    expect(html).toContain('<strong class="nhsuk-tag nhsuk-tag--red">Clinician review due</strong>');
    expect(html).toContain('Postponed from P1b at the patient’s request, due by 23-Nov-2026.');
    expect(html).toContain('<strong class="nhsuk-tag nhsuk-tag--red">Breached</strong>');
    expect(render(section)).not.toContain('Clinician review due');
  });

  it('links each role to its own actions', () => {
    const clinician = render(section);
    expect(clinician).toContain(`/patient-lookup/${id}/change-priority?type=knee`);
    expect(clinician).toContain(`/patient-lookup/${id}/record-harm-review?type=knee`);
    expect(clinician).toContain(`/patient-lookup/${id}/adjust-risk?type=knee`);
    expect(clinician).not.toContain('record-validation');
    auth.role = 'ClericalUser';
    const clerical = render(section);
    expect(clerical).toContain(`/patient-lookup/${id}/record-validation?type=knee`);
    expect(clerical).not.toContain('change-priority');
  });

  it('offers nothing for a pathway no longer on the active list, and says so', () => {
    const html = render(section, { isActive: false });
    expect(html).toContain(prioritisationMessages.notOnList);
    expect(html).not.toContain('<a ');
  });
});

describe('the priority, validation and harm review history (decision 0044)', () => {
  it('lists the entries latest first, each with when, who and what, the typed text isolated', () => {
    const entry = {
      kind: 'priority' as const,
      recordedBy: 'Dr B',
      priorityCode: 'P3' as const,
      previousPriorityCode: 'P4' as const,
      reason: 'Pain',
      outcome: null,
      contact: null,
      level: null,
      actions: [],
      note: null,
      prediction: null,
      modelPrediction: null,
    };
    const html = render(<PrioritisationTimeline trust="RAN" type="knee" id={id} />, {
      history: [
        { ...entry, id: 'old', recordedAt: '2026-01-10T09:00:00Z', reason: 'First' },
        { ...entry, id: 'new', recordedAt: '2026-11-20T10:00:00Z' },
      ],
    });
    expect(html).toContain(
      '<time dateTime="2026-11-20T10:00:00Z">20-Nov-2026 10:00:00</time>, by <bdi>Dr B</bdi>',
    );
    expect(html).toContain('Priority changed from P4 to P3: <bdi>Pain</bdi>');
    expect(html.indexOf('Pain')).toBeLessThan(html.indexOf('First'));
  });
});
