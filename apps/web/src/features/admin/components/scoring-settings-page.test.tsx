import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { adminKeys } from '../api/query-keys';
import { ScoringSettingsPage } from './scoring-settings-page';

vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    loginUserDetails: { trust: { code: 'RAN', name: 'Royal Anywhere' } },
    currentSelectedRole: 'TrustAdmin',
  }),
}));

const render = (fill: (client: QueryClient) => void) => {
  const client = new QueryClient();
  fill(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/scoring-settings']}>
        <ScoringSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};
const text = (markup: string) =>
  markup
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('the scoring settings screen (decision 0057)', () => {
  it('shows the trust’s limit in a labelled field, the default, and that a change applies from the next scoring', () => {
    const markup = render((client) =>
      client.setQueryData(adminKeys.scoringSettings('RAN'), { bloodResultMaxAgeDays: 120 }),
    );
    expect(markup.match(/<h1/g)).toHaveLength(1);
    expect(markup).toContain('Royal Anywhere');
    expect(markup).toContain(
      '<label class="nhsuk-label nhsuk-label--s" for="bloodResultMaxAgeDays">Oldest blood result the model may use, in days</label>',
    );
    expect(markup).toContain('value="120"');
    expect(text(markup)).toContain('A whole number from 7 to 730, for example 90');
    expect(text(markup)).toContain('Unless your trust sets its own, it is 90 days.');
    expect(text(markup)).toContain(
      "A change applies from the next scoring: the next waiting list confirmed, a clinician's remodel, or blood results sent by your trust's systems.",
    );
    expect(markup).toContain('href="/trust-admin-dashboard"');
  });

  it('shows no form until the settings are read', () => {
    expect(render(() => {})).not.toContain('<form');
  });
});
