import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DataFreshness } from '@esr/contracts/data-freshness';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { DataAsAt, StaleDataBanner } from './data-freshness';

const text = (html: string) => html.replace(/<[^<>]+>/g, '').replaceAll('&#x27;', "'");
const names: Record<ProcedureCode, string> = {
  knee: 'Knee replacement',
  hip: 'Hip replacement',
  'knee-hip': 'Knee and hip replacement',
};
const nameOf = (code: ProcedureCode) => names[code];

const freshness = (overrides: Partial<DataFreshness> = {}): DataFreshness => ({
  lists: [
    {
      procedureCode: 'knee',
      dataAsAt: '2026-11-23T09:14:05.000Z',
      confirmedAt: '2026-11-23T09:20:00.000Z',
      nextExpectedBy: '2026-11-30',
      overdue: true,
    },
    {
      procedureCode: 'hip',
      dataAsAt: '2026-12-06T08:00:00.000Z',
      confirmedAt: '2026-12-06T08:05:00.000Z',
      nextExpectedBy: '2026-12-13',
      overdue: false,
    },
  ],
  resultsFeed: null,
  settings: { extractEveryDays: 7, feedSilenceHours: 24 },
  ...overrides,
});

describe('"Data as at" (decision 0068)', () => {
  it('gives the list’s upload time in UK time to the minute', () => {
    expect(text(renderToStaticMarkup(<DataAsAt freshness={freshness()} procedure="knee" />))).toBe(
      'Data as at 23-Nov-2026 09:14 (when the waiting list was uploaded).',
    );
  });

  it('adds the results feed’s last message while the trust has one, in summer time too', () => {
    const withFeed = freshness({
      resultsFeed: {
        lastMessageAt: '2026-07-01T17:30:00.000Z',
        silentSince: '2026-07-01T17:30:00.000Z',
        overdue: false,
      },
    });
    expect(text(renderToStaticMarkup(<DataAsAt freshness={withFeed} procedure="hip" />))).toBe(
      "Data as at 06-Dec-2026 08:00 (when the waiting list was uploaded). Blood results from your trust's systems: last received 01-Jul-2026 18:30.",
    );
  });

  it('says nothing for a procedure never uploaded, or before the answer has come', () => {
    expect(renderToStaticMarkup(<DataAsAt freshness={freshness()} procedure="knee-hip" />)).toBe('');
    expect(renderToStaticMarkup(<DataAsAt freshness={undefined} procedure="knee" />)).toBe('');
  });
});

describe('the banner that the data is old (decision 0068)', () => {
  it('names each overdue list with its upload day and the day the next was expected by, in a labelled region', () => {
    const html = renderToStaticMarkup(<StaleDataBanner freshness={freshness()} nameOf={nameOf} />);
    expect(html).toMatch(/^<div class="nhsuk-notification-banner" role="region" aria-labelledby="[^"]+">/);
    expect(text(html)).toBe(
      'ImportantThe data may be out of date' +
        'The knee replacement waiting list is out of date. The last list was uploaded on 23-Nov-2026; a new one was expected by 30-Nov-2026.' +
        "Waits and flags are worked out from today's date, so patients may have been treated, removed or moved since. Upload the latest list from your patient administration system.",
    );
  });

  it('speaks only of the screen’s own procedure', () => {
    expect(
      renderToStaticMarkup(<StaleDataBanner freshness={freshness()} procedure="hip" nameOf={nameOf} />),
    ).toBe('');
    expect(
      text(
        renderToStaticMarkup(<StaleDataBanner freshness={freshness()} procedure="knee" nameOf={nameOf} />),
      ),
    ).toContain('The knee replacement waiting list is out of date.');
  });

  it('says when the results feed was last heard from, or connected, and the trust’s hours', () => {
    const lists = freshness().lists.map((list) => ({ ...list, overdue: false }));
    const silent = renderToStaticMarkup(
      <StaleDataBanner
        freshness={freshness({
          lists,
          resultsFeed: {
            lastMessageAt: '2026-12-05T10:15:00.000Z',
            silentSince: '2026-12-05T10:15:00.000Z',
            overdue: true,
          },
          settings: { extractEveryDays: 7, feedSilenceHours: 12 },
        })}
        nameOf={nameOf}
      />,
    );
    expect(text(silent)).toBe(
      'ImportantThe data may be out of date' +
        "No blood results have come from your trust's systems since 05-Dec-2026 10:15, longer than the 12 hours your trust expects. Results taken since then may be missing: ask your IT service desk to check the results feed.",
    );
    const never = renderToStaticMarkup(
      <StaleDataBanner
        freshness={freshness({
          lists,
          resultsFeed: { lastMessageAt: null, silentSince: '2026-12-01T09:00:00.000Z', overdue: true },
        })}
        nameOf={nameOf}
      />,
    );
    expect(text(never)).toContain('since they were connected on 01-Dec-2026 09:00, longer than the 24 hours');
  });

  it('is not there while everything is fresh, or before the answer has come', () => {
    const lists = freshness().lists.map((list) => ({ ...list, overdue: false }));
    const feed = { lastMessageAt: null, silentSince: '2026-12-01T09:00:00.000Z', overdue: false };
    expect(
      renderToStaticMarkup(
        <StaleDataBanner freshness={freshness({ lists, resultsFeed: feed })} nameOf={nameOf} />,
      ),
    ).toBe('');
    expect(renderToStaticMarkup(<StaleDataBanner freshness={undefined} nameOf={nameOf} />)).toBe('');
  });
});
