import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  defaultOptimisationRules,
  factorDefinitions,
  optimisationFactors,
} from '@esr/contracts/optimisation';
import { adminKeys } from '../api/query-keys';
import { OptimisationServicesPage } from './optimisation-services-page';
import { OptimisationThresholdsPage } from './optimisation-thresholds-page';

vi.mock('../../../lib/auth/auth-provider', () => ({
  useAuth: () => ({
    loginUserDetails: { trust: { code: 'RAN', name: 'Royal Anywhere' } },
    currentSelectedRole: 'TrustAdmin',
  }),
}));

const render = (page: React.ReactNode, fill: (client: QueryClient) => void) => {
  const client = new QueryClient();
  fill(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
};
const text = (markup: string) =>
  markup
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

describe('the optimisation thresholds screen', () => {
  it('shows the five thresholds in labelled fields, each hint with its range and the source of its default', () => {
    const markup = render(<OptimisationThresholdsPage />, (client) =>
      client.setQueryData(adminKeys.optimisationRules('RAN'), { ...defaultOptimisationRules, dueWeeks: 8 }),
    );
    expect(markup.match(/<h1/g)).toHaveLength(1);
    expect(markup).toContain('Royal Anywhere');
    expect(markup).toContain(
      '<label class="nhsuk-label nhsuk-label--s" for="haemoglobinBelow">Anaemia: haemoglobin below (g/L)</label>',
    );
    expect(markup.match(/<input/g)).toHaveLength(5);
    expect(markup).toContain('value="8"');
    expect(text(markup)).toContain(
      'A whole number from 80 to 160. Unless your trust sets its own, it is 130 g/L for women and men alike, from the CPOC guidance',
    );
    expect(text(markup)).toContain('NICE NG226');
    expect(markup).toContain('href="/trust-admin-dashboard"');
  });

  it('shows no form until the thresholds are read', () => {
    expect(render(<OptimisationThresholdsPage />, () => {})).not.toContain('<form');
  });
});

describe('the optimisation services screen', () => {
  it('shows a text area of each factor’s services and a contact field for each service named once', () => {
    const services = Object.fromEntries(
      optimisationFactors.map((code) => [code, [...factorDefinitions[code].defaultServices]]),
    );
    const markup = render(<OptimisationServicesPage />, (client) =>
      client.setQueryData(adminKeys.optimisationServices('RAN'), {
        services,
        contacts: { 'GP practice': 'Call your surgery' },
      }),
    );
    expect(markup.match(/<textarea/g)).toHaveLength(optimisationFactors.length);
    expect(markup).toContain(
      '<label class="nhsuk-label nhsuk-label--s" for="services-anaemia">Anaemia</label>',
    );
    expect(markup).toContain('Pre-operative anaemia clinic\nGP practice</textarea>');
    const named = new Set(Object.values(services).flat());
    expect(markup.match(/<input/g)).toHaveLength(named.size);
    expect(markup).toContain('value="Call your surgery"');
    expect(text(markup)).toContain(
      'Leave it blank and the patient is told to ask their hospital team who to contact.',
    );
  });
});
