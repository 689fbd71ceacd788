import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ModelVersion } from '@esr/contracts/models';
import {
  buildModelVersion,
  buildRecalibratedVersion,
  testRecalibratedId,
  testVersionId,
} from '../lib/test-builders';
import { VersionsTable } from './versions-table';

const uploadedId = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

/** The table's body rows, each as its cells' text (the responsive headings and markup left out). */
function rowsOf(versions: ModelVersion[]): { markup: string; cells: string[][] } {
  const markup = renderToStaticMarkup(
    <MemoryRouter>
      <VersionsTable type="knee" procedureName="Knee replacement" versions={versions} />
    </MemoryRouter>,
  );
  const body = markup.slice(markup.indexOf('<tbody'));
  const cells = [...body.matchAll(/<tr class="nhsuk-table__row">(.*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, cell]) =>
      cell!
        .replace(/<span class="nhsuk-table-responsive__heading"[^>]*>.*?<\/span>/, '')
        .replace(/<br\/>/g, ' ')
        .replace(/<[^<>]+>/g, '')
        .trim(),
    ),
  );
  return { markup, cells };
}

describe('the versions table (decision 0046)', () => {
  const recalibrated = buildRecalibratedVersion();
  const active = buildModelVersion();
  const uploaded = buildModelVersion({
    id: uploadedId,
    version: 1,
    status: 'superseded',
    isActive: false,
    uploadedBy: 'Demonstration model (system)',
    uploadedAt: '2026-01-05T16:45:09Z',
    pathwaysScored: 250,
    localPerformance: { n: 98, events: 9, oe: 0.8412, auroc: 0.6871, enoughEvents: false },
  });
  const { markup, cells } = rowsOf([recalibrated, active, uploaded]);

  it('has one row for each version, newest first, with its columns', () => {
    expect(markup).toContain('Every version of the knee replacement model, newest first');
    expect([...markup.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map(([, header]) => header)).toEqual([
      'Version',
      'Source',
      'Uploaded by and when',
      'SHA-256',
      'Smoke test',
      'Pathways scored',
      'Local performance',
      'Actions',
    ]);
    expect(cells.map((row) => row[0])).toEqual(['3 Awaiting activation', '2 Active', '1']);
  });

  it('says where each came from, who uploaded it and when, and how it did', () => {
    expect(cells[0]!.slice(1, 3)).toEqual(['Recalibrated from version 2', 'Ravi Patel 02-Jun-2026 09:30:00']);
    expect(cells[1]!.slice(1, 3)).toEqual(['Uploaded', 'Ravi Patel 14-Mar-2026 10:02:11']);
    expect(cells.map((row) => row[4])).toEqual(['Passed', 'Passed', 'Passed']);
    expect(cells.map((row) => row[5])).toEqual(['0', '1,873', '250']);
    expect(cells.map((row) => row[6])).toEqual([
      'No outcomes yet',
      'O/E 1.13, AUROC 0.712 (412 patients)',
      'O/E 0.84, AUROC 0.687 (98 patients) — too few complications to act on',
    ]);
  });

  it('shows the first 12 characters of the SHA-256 and gives screen readers all of it', () => {
    expect(markup).toContain(
      '<code aria-hidden="true" title="3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b">3a7bd3e2360a…</code>' +
        '<span class="nhsuk-u-visually-hidden">3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b</span>',
    );
  });

  it('offers the card always, recalibration with outcomes, and activation to the versions not active', () => {
    expect(cells.map((row) => row[7])).toEqual([
      'View card (version 3)Activate recalibrated version (version 3)',
      'View card (version 2)Recalibrate (version 2)',
      'View card (version 1)Recalibrate (version 1)Make active (version 1)',
    ]);
    expect(markup).toContain(`href="/upload-model/knee/versions/${testRecalibratedId}/activate"`);
    expect(markup).toContain(`href="/upload-model/knee/versions/${testVersionId}/card"`);
    expect(markup).toContain(`href="/upload-model/knee/versions/${testVersionId}/recalibrate"`);
    expect(markup).toContain(`href="/upload-model/knee/versions/${uploadedId}/activate"`);
    expect(markup).not.toContain(`href="/upload-model/knee/versions/${testVersionId}/activate"`);
    expect(markup).not.toContain(`href="/upload-model/knee/versions/${testRecalibratedId}/recalibrate"`);
  });
});
