import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clericalChangeMessages, type ClericalChange } from '@esr/contracts/clerical-changes';
import type { RiskSummary } from '@esr/contracts/patients';
import { AnomalyReasonForm } from './anomaly-reason-form';
import { ClericalChangeNote } from './clerical-change-note';
import { offersReview } from './review-changes-action';

const change: ClericalChange = {
  evaluationId: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17',
  changedBy: 'Claire Evans',
  changedAt: '2026-12-06T10:15:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
};
const reviewed: ClericalChange = {
  ...change,
  reviewedBy: 'Olu Adeyemi',
  reviewedAt: '2026-12-07T09:00:00.000Z',
};

describe('a prediction made from details a clerical user changed (decision 0056)', () => {
  it('says so in a warning callout, the clerk’s name isolated, until a clinician reviews it', () => {
    const html = renderToStaticMarkup(<ClericalChangeNote changes={[change]} />);
    expect(html).toContain('nhsuk-warning-callout');
    expect(html).toContain(clericalChangeMessages.heading);
    expect(html).toContain(
      'Details changed by <bdi>Claire Evans</bdi> (Clerical User) on 06-Dec-2026, not yet reviewed by a clinician',
    );
    expect(html).toContain(clericalChangeMessages.checkBeforeUse);
  });

  it('says who reviewed it, as an inset, once every change is reviewed; nothing when there is none', () => {
    const html = renderToStaticMarkup(<ClericalChangeNote changes={[reviewed]} />);
    expect(html).not.toContain('nhsuk-warning-callout');
    expect(html).toContain('nhsuk-inset-text');
    expect(html).toContain(
      'Details changed by <bdi>Claire Evans</bdi> (Clerical User) on 06-Dec-2026, reviewed by <bdi>Olu Adeyemi</bdi> (Clinician) on 07-Dec-2026',
    );
    expect(renderToStaticMarkup(<ClericalChangeNote changes={[]} />)).toBe('');
  });

  it('offers Mark as reviewed to someone acting as Clinician alone, on an active pathway with a change waiting', () => {
    const summary = { isActive: true, clericalChanges: [change] } as RiskSummary;
    expect(offersReview(summary, 'Clinician')).toBe(true);
    expect(offersReview(summary, 'ClericalUser')).toBe(false);
    expect(offersReview({ ...summary, isActive: false }, 'Clinician')).toBe(false);
    expect(offersReview({ ...summary, clericalChanges: [reviewed] }, 'Clinician')).toBe(false);
    expect(clericalChangeMessages.markReviewed).toBe('Mark as reviewed');
  });
});

describe('the reason for removing an anomaly flag (decision 0056)', () => {
  const form = (removing: boolean) =>
    renderToStaticMarkup(
      <AnomalyReasonForm
        removing={removing}
        reason=""
        error={undefined}
        busy={false}
        onReasonChange={() => undefined}
        onFlag={() => undefined}
        onCancel={() => undefined}
      />,
    );

  it('asks why the flag is removed, without "(optional)", and says where the reason is kept', () => {
    const html = form(true);
    expect(html).toContain('Why are you removing the anomaly flag?</label>');
    expect(html).toContain('The reason is kept in the previous evaluations and the change log.');
    expect(html).toContain('>Remove anomaly flag</button>');
    expect(html).not.toContain('(optional)');
  });

  it('still asks why a result is flagged, optionally', () => {
    const html = form(false);
    expect(html).toContain('Why is this result an anomaly? (optional)</label>');
    expect(html).toContain('>Flag as anomaly</button>');
  });
});
