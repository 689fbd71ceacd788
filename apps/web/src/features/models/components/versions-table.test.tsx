import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ModelVersion } from '@esr/contracts/models';
import type { GovernanceRole } from '../lib/approval';
import {
  buildModelVersion,
  buildRecalibratedVersion,
  buildSupersededVersion,
  testDeclined,
  testRecalibratedId,
  testSupersededId,
  testVersionId,
} from '../lib/test-builders';
import { VersionsTable } from './versions-table';

const declinedId = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';

/** The table's body rows, each as its cells' text (the responsive headings and markup left out). */
function rowsOf(versions: ModelVersion[], role: GovernanceRole): { markup: string; cells: string[][] } {
  const markup = renderToStaticMarkup(
    <MemoryRouter>
      <VersionsTable type="knee" procedureName="Knee replacement" role={role} versions={versions} />
    </MemoryRouter>,
  );
  const body = markup.slice(markup.indexOf('<tbody'));
  const cells = [...body.matchAll(/<tr class="nhsuk-table__row">(.*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map(([, cell]) =>
      cell!
        .replace(/<span class="nhsuk-table-responsive__heading"[^>]*>.*?<\/span>/, '')
        .replace(/<br\/>/g, ' ')
        .replace(/<\/li><li>/g, ' | ')
        .replace(/<[^<>]+>/g, '')
        .trim(),
    ),
  );
  return { markup, cells };
}

describe('the versions table (decisions 0046 and 0060)', () => {
  const recalibrated = buildRecalibratedVersion();
  const active = buildModelVersion();
  const declined = buildRecalibratedVersion({
    id: declinedId,
    version: 4,
    status: 'declined',
    proposal: null,
    declined: testDeclined,
  });
  const superseded = buildSupersededVersion();
  const versions = [declined, recalibrated, active, superseded];
  const { markup, cells } = rowsOf(versions, 'technicalAdmin');

  it('has one row for each version, newest first, with its columns', () => {
    expect(markup).toContain('Every version of the knee replacement model, newest first');
    expect([...markup.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map(([, header]) => header)).toEqual([
      'Version',
      'Source',
      'Approval',
      'SHA-256 and smoke test',
      'Pathways scored',
      'Local performance',
      'Actions',
    ]);
  });

  it('says each version’s status in words, in a tag', () => {
    expect(cells.map((row) => row[0])).toEqual([
      '4 Declined',
      '3 Awaiting approval',
      '2 Active',
      '1 Superseded',
    ]);
    expect(markup).toContain('<strong class="nhsuk-tag nhsuk-tag--yellow">Awaiting approval</strong>');
    expect(markup).toContain('<strong class="nhsuk-tag nhsuk-tag--green">Active</strong>');
    expect(markup).toContain('<strong class="nhsuk-tag nhsuk-tag--red">Declined</strong>');
    expect(markup).toContain('<strong class="nhsuk-tag nhsuk-tag--grey">Superseded</strong>');
  });

  it('says where each came from, who proposed, declined or made it active and when, and why one was declined', () => {
    expect(cells[1]!.slice(1, 3)).toEqual([
      'Recalibrated from version 2 by Ravi Patel 02-Jun-2026 09:30:00',
      'Proposed by Ravi Patel 02-Jun-2026 09:30:00',
    ]);
    expect(cells[0]![2]).toBe(
      'Declined by Sam Okafor 03-Jun-2026 10:15:00 Reason: The validation report does not cover patients over 85.',
    );
    expect(cells[2]!.slice(1, 3)).toEqual([
      'Uploaded by Ravi Patel 14-Mar-2026 10:02:11',
      'Made active by Ravi Patel 14-Mar-2026 10:02:11',
    ]);
    expect(cells[3]![1]).toBe('Uploaded by Demonstration model (system) 05-Jan-2026 16:45:09');
  });

  it('keeps each date, and each time, whole', () => {
    expect(markup).toContain(
      '<span class="app-nowrap">02-Jun-2026</span> <span class="app-nowrap">09:30:00</span>',
    );
  });

  it('says what each has scored and how it did', () => {
    expect(cells.map((row) => row[4])).toEqual(['0', '0', '1,873', '250']);
    expect(cells.map((row) => row[5])).toEqual([
      'No outcomes yet',
      'No outcomes yet',
      'O/E 1.13, AUROC 0.712 (412 patients)',
      'O/E 0.84, AUROC 0.687 (98 patients) — fewer than 100 complications, so uncertain',
    ]);
  });

  it('shows the first 12 characters of the SHA-256, gives screen readers all of it, and the smoke test', () => {
    expect(markup).toContain(
      '<code aria-hidden="true" title="3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b">3a7bd3e2360a…</code>' +
        '<span class="nhsuk-u-visually-hidden">3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b</span>',
    );
    expect(cells[2]![3]).toMatch(/ Passed$/);
  });

  it('fits the page: it does not scroll sideways', () => {
    expect(markup).not.toContain('nhsuk-scroll');
  });

  it('offers a technical admin to propose versions neither active nor proposed, recalibration with outcomes, and every card', () => {
    expect(cells.map((row) => row[6])).toEqual([
      'Propose making active (version 4) | View card (version 4)',
      'View card (version 3)',
      'Recalibrate (version 2) | View card (version 2)',
      'Propose making active (version 1) | Recalibrate (version 1) | View card (version 1)',
    ]);
    expect(markup).toContain(`href="/upload-model/knee/versions/${testSupersededId}/propose"`);
    expect(markup).toContain(`href="/upload-model/knee/versions/${declinedId}/propose"`);
    expect(markup).toContain(`href="/upload-model/knee/versions/${testVersionId}/recalibrate"`);
    expect(markup).toContain(`href="/upload-model/knee/versions/${testVersionId}/card"`);
    expect(markup).not.toContain(`href="/upload-model/knee/versions/${testVersionId}/propose"`);
    expect(markup).not.toContain(`href="/upload-model/knee/versions/${testRecalibratedId}/propose"`);
    expect(markup).not.toContain('/approve"');
  });

  it('offers a clinical safety officer the review of a version awaiting approval, and every card', () => {
    const safetyOfficer = rowsOf(versions, 'safetyOfficer');
    expect(safetyOfficer.cells.map((row) => row[6])).toEqual([
      'View card (version 4)',
      'Review and approve (version 3) | View card (version 3)',
      'View card (version 2)',
      'View card (version 1)',
    ]);
    expect(safetyOfficer.markup).toContain(
      `href="/upload-model/knee/versions/${testRecalibratedId}/approve"`,
    );
    expect(safetyOfficer.markup).not.toMatch(/\/(propose|recalibrate)"/);
  });
});
