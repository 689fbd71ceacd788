import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReadOnlyBanner } from './read-only-banner';

const text = (html: string) => html.replace(/<[^<>]+>/g, '').replaceAll('&#x27;', "'");

describe('the read-only banner (decision 0067)', () => {
  it('says until when, in UK time, in a labelled region', () => {
    const html = renderToStaticMarkup(<ReadOnlyBanner readOnly={{ until: '2026-12-07T18:00:00.000Z' }} />);
    expect(html).toMatch(/^<div class="nhsuk-notification-banner" role="region" aria-labelledby="([^"]+)">/);
    const titleId = /aria-labelledby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`id="${titleId}">Important</h2>`);
    expect(text(html)).toBe(
      "ImportantThe service is read-only for planned maintenance until 07-Dec-2026 18:00. You can look at the worklist and patients' summaries, but changes cannot be saved.",
    );
  });

  it('shows the time as a clock in England reads it (BST in summer)', () => {
    const html = renderToStaticMarkup(<ReadOnlyBanner readOnly={{ until: '2026-07-01T17:30:00Z' }} />);
    expect(text(html)).toContain('until 01-Jul-2026 18:30.');
  });

  it('says the service is back when it is back, with no end announced', () => {
    const html = renderToStaticMarkup(<ReadOnlyBanner readOnly={{ until: null }} />);
    expect(text(html)).toBe(
      "ImportantThe service is read-only for maintenance. You can look at the worklist and patients' summaries, but changes cannot be saved until it is back.",
    );
  });

  it('is not there when the service is not read-only, or before the config has loaded', () => {
    expect(renderToStaticMarkup(<ReadOnlyBanner readOnly={null} />)).toBe('');
    expect(renderToStaticMarkup(<ReadOnlyBanner readOnly={undefined} />)).toBe('');
  });
});
