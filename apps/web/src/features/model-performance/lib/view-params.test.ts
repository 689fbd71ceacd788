import { describe, expect, it } from 'vitest';
import { emptyDateParts } from '../../../lib/calendar-date';
import {
  draftOfView,
  figuresQuery,
  periodMessages,
  readMonitoringView,
  viewFromDraft,
  writeMonitoringView,
} from './view-params';

const read = (query: string) => readMonitoringView(new URLSearchParams(query));

describe('the model performance view in the address (decision 0045)', () => {
  it('reads the choices, knee and sex by default, leaving out what the API would refuse', () => {
    expect(read('')).toEqual({ procedure: 'knee', by: 'sex' });
    expect(read('procedure=hip&from=2025-04-01&to=2026-03-31&modelVersion=3&by=ageBand')).toEqual({
      procedure: 'hip',
      from: '2025-04-01',
      to: '2026-03-31',
      modelVersion: 3,
      by: 'ageBand',
    });
    expect(read('procedure=elbow&from=2025-02-30&to=yesterday&modelVersion=0&by=postcode')).toEqual({
      procedure: 'knee',
      by: 'sex',
    });
  });

  it('writes the choices back, so that a bookmark shows the same figures', () => {
    const view = read('procedure=knee-hip&to=2026-03-31&modelVersion=2&by=ethnicGroup');
    expect(writeMonitoringView(view).toString()).toBe(
      'procedure=knee-hip&to=2026-03-31&modelVersion=2&by=ethnicGroup',
    );
    expect(writeMonitoringView(read('')).toString()).toBe('procedure=knee');
    expect(read(writeMonitoringView(view).toString())).toEqual(view);
    expect(figuresQuery(view)).toEqual({ to: '2026-03-31', modelVersion: 2 });
  });

  it('applies the form’s choice, refusing a date that does not exist or an end before the start', () => {
    const draft = draftOfView(read('procedure=hip&from=2025-04-01'));
    expect(draft.from).toEqual({ day: '1', month: '4', year: '2025' });
    expect(viewFromDraft({ ...draft, to: { day: '31', month: '3', year: '2026' }, by: 'ageBand' })).toEqual({
      ok: true,
      view: { procedure: 'hip', from: '2025-04-01', to: '2026-03-31', by: 'ageBand' },
    });
    expect(viewFromDraft({ ...draft, from: emptyDateParts, modelVersion: '3' })).toEqual({
      ok: true,
      view: { procedure: 'hip', modelVersion: 3, by: 'sex' },
    });
    expect(viewFromDraft({ ...draft, to: { day: '31', month: '3', year: '2025' } })).toEqual({
      ok: false,
      errors: { to: periodMessages.order },
    });
    expect(
      viewFromDraft({
        ...draft,
        from: { day: '30', month: '2', year: '2025' },
        to: { day: '1', month: '', year: '2026' },
      }),
    ).toEqual({ ok: false, errors: { from: periodMessages.from, to: periodMessages.to } });
    expect(viewFromDraft({ ...draft, to: { day: '1', month: '4', year: '2025' } }).ok).toBe(true);
  });
});
