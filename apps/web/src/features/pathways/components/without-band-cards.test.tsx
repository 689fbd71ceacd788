import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WithoutBandCards } from './without-band-cards';

const render = (counts: { incomplete: number; excluded: number } | undefined, isError = false) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ul>
        <WithoutBandCards type="knee" counts={counts} isLoading={false} isError={isError} />
      </ul>
    </MemoryRouter>,
  );
const text = (markup: string) =>
  markup
    .replace(/<[^<>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the counts of records without a band (decision 0057)', () => {
  it('count the incomplete and the not scored records, say why, and link to them in the total records', () => {
    const markup = render({ incomplete: 289, excluded: 7 });
    expect(text(markup)).toBe(
      'Incomplete 289 Scored, but an input the model needs is not recorded, so they have no risk band. View incomplete records ' +
        'Not scored 7 Not scored: the patients are not ones the model was made for, such as revisions. View not scored records',
    );
    expect(markup).toContain('href="/manage-open-pathways/knee/total?status=incomplete"');
    expect(markup).toContain('href="/manage-open-pathways/knee/total?status=excluded"');
  });

  it('say when the counts could not be had', () => {
    expect(text(render(undefined, true))).toContain('Incomplete N/A');
  });
});
