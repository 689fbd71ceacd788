import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Procedure } from '@esr/contracts/procedures';
import { proceduresKey } from './api/library';

/**
 * For tests: a screen's markup at an address, under the route pattern that reads its parameters,
 * with what it asks of the API already answered (`fill` puts it in the query cache; `procedures`,
 * when given, answers the procedures' list).
 */
export function renderScreen(
  url: string,
  pattern: string,
  screen: ReactNode,
  fill: (client: QueryClient) => void = () => {},
  { procedures }: { procedures?: readonly Procedure[] } = {},
): string {
  const client = new QueryClient();
  if (procedures) client.setQueryData(proceduresKey, procedures);
  fill(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={screen} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
