import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accessLogMessages, type AccessLogPage } from '@esr/contracts/access-log';
import { AccessLogResults } from './access-log-page';
import { DownloadAccessLog } from './download-access-log';

const page = (items: AccessLogPage['items'], totalCount = items.length, pageNumber = 1): AccessLogPage => ({
  items,
  pageNumber,
  pageSize: 15,
  totalCount,
  asAt: '2026-11-27T10:00:04.000Z',
});

const render = (data: AccessLogPage) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <AccessLogResults
          nhsNumber="9990845255"
          query={{ isLoading: false, isError: false, refetch: () => undefined, data }}
          onPageChange={() => undefined}
          download={
            <DownloadAccessLog
              search={{ trust: 'RAN', nhsNumber: '9990845255', asAt: data.asAt }}
              onFailure={() => undefined}
            />
          }
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
const text = (markup: string) =>
  markup
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('who has seen a patient’s record (decision 0042)', () => {
  it('says the moment the pages are as at, so that paging does not move the rows', () => {
    expect(text(render(page([], 0, 2)))).toContain('As at 27-Nov-2026 10:00:04: accesses after that');
  });

  it('lists each access: when, who, in which role, what they saw', () => {
    const markup = render(
      page(
        [
          {
            accessedAt: '2026-11-27T09:15:00.000Z',
            userName: 'Ceri Jones',
            role: 'Clerical User',
            seen: "Export 'Theatre list' (CSV, 2,400 patients)",
          },
          {
            accessedAt: '2026-06-03T13:05:00.000Z',
            userName: 'Nia Rees',
            role: 'Clinician',
            seen: 'Risk summary PDF',
          },
        ],
        17,
      ),
    );
    const shown = text(markup);
    expect(shown).toContain('NHS number 999 084 5255');
    expect(shown).toContain('Date and time User Role What they saw');
    // Each cell after its column's name, as a narrow screen shows it.
    expect(shown).toContain(
      "Date and time 27-Nov-2026 09:15:00 User Ceri Jones Role Clerical User What they saw Export 'Theatre list' (CSV, 2,400 patients)",
    );
    // British Summer Time: 13:05 UTC is 14:05 in London.
    expect(shown).toContain(
      'Date and time 03-Jun-2026 14:05:00 User Nia Rees Role Clinician What they saw Risk summary PDF',
    );
    // Names and export names are isolated from the text around them.
    expect(markup).toContain('<bdi>Ceri Jones</bdi>');
    // 17 accesses: a second page.
    expect(shown).toContain('Next page');
  });

  it('says so when no one has seen a record with the number, and offers nothing to download', () => {
    const shown = text(render(page([])));
    expect(shown).toContain(accessLogMessages.noAccess);
    expect(shown).not.toContain('Date and time');
    expect(shown).not.toContain(accessLogMessages.download);
  });

  it('offers the whole search as CSV for a subject access request, under the moment it is as at (decision 0066)', () => {
    const entry = {
      accessedAt: '2026-11-27T09:15:00.000Z',
      userName: 'Nia Rees',
      role: 'Clinician',
      seen: 'Risk summary',
    };
    const markup = render(page([entry], 40, 2));
    const shown = text(markup);
    expect(shown).toContain(`As at 27-Nov-2026 10:00:04: accesses after that`);
    expect(shown).toContain(`${accessLogMessages.downloadRecorded} ${accessLogMessages.download}`);
    expect(markup).toMatch(
      /<button class="nhsuk-button nhsuk-button--secondary" type="button"[^>]*>Download this search as CSV \(for a subject access request\)<\/button>/,
    );
    // Where the saved file's name is announced.
    expect(markup).toContain('role="status"');
    expect(shown.indexOf(accessLogMessages.download)).toBeLessThan(shown.indexOf('Date and time User'));
  });
});
