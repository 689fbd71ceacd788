import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WithheldRisk } from './withheld-risk';

const text = (html: string) => html.replace(/<[^<>]+>/g, '');

describe('a record without a band, where its band would be', () => {
  it('says a suspension as a short tag and who suspended it when, read as one sentence (decision 0063)', () => {
    const html = renderToStaticMarkup(
      <WithheldRisk record={{ status: 'suspended', statusDetail: '2026-12-04' }} />,
    );
    expect(html).toContain('<strong class="nhsuk-tag nhsuk-tag--grey">Predictions suspended<span');
    expect(text(html)).toBe('Predictions suspended by the clinical safety officer on 04-Dec-2026');
  });

  it('splits an incomplete record’s reason from its tag (decision 0057)', () => {
    const html = renderToStaticMarkup(
      <WithheldRisk record={{ status: 'incomplete', statusDetail: 'haemoglobin not recorded' }} />,
    );
    expect(text(html)).toBe('Incomplete:haemoglobin not recorded');
    expect(html).toContain('<span class="app-record-detail">haemoglobin not recorded</span>');
  });
});
