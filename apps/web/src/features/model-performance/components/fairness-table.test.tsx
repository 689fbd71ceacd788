import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GroupFigures } from '@esr/contracts/model-performance';
import { FairnessTable, GroupRow, groupName } from './fairness-table';

const row = (group: GroupFigures, by: 'sex' | 'ethnicGroup' = 'ethnicGroup') =>
  renderToStaticMarkup(
    <table>
      <tbody>
        <GroupRow by={by} group={group} />
      </tbody>
    </table>,
  );

const figures = {
  n: 120,
  events: 14,
  expected: 8.1,
  observedRate: 14 / 120,
  meanPredicted: 8.1 / 120,
  oe: { ratio: 1.728, lower: 1.02, upper: 2.9 },
  calibrationIntercept: 0.3,
  calibrationSlope: 0.84,
  auroc: { value: 0.64, lower: 0.51, upper: 0.77 },
  brier: 0.1,
  enoughEvents: false,
  againstRest: {
    oeRatio: { value: 2.087, lower: 1.52, upper: 2.875, adjustedP: 0.0001 },
    calibrationDifference: { value: 0.876, lower: 0.5, upper: 1.25, adjustedP: 0.0001 },
    aurocDifference: { value: -0.146, lower: -0.24, upper: -0.05, adjustedP: 0.004 },
  },
};

describe('a group of the fairness table (decisions 0045 and 0062)', () => {
  it('shows only "Hidden", across the row, for a hidden group', () => {
    const markup = row({ group: 'Mixed', n: 'hidden', suppressed: true });
    expect(markup).toContain('<th scope="row" class="nhsuk-table__header">Mixed</th>');
    expect(markup).toContain('<td class="nhsuk-table__cell" colSpan="6">Hidden</td>');
    expect(markup.match(/<td/g)).toHaveLength(1);
    expect(markup).not.toContain('Check');
  });

  it('shows a flagged group’s figures, a red Check tag and each reason in words', () => {
    const markup = row({
      group: 'Asian',
      suppressed: false,
      flagged: true,
      flags: ['oe', 'auroc'],
      ...figures,
    });
    expect(markup.match(/<td/g)).toHaveLength(6);
    expect(markup).toContain('>120<');
    expect(markup).toContain('>14<');
    expect(markup).toContain('1.73 (1.02 to 2.90)');
    expect(markup).toContain('0.640 (0.510 to 0.770)');
    expect(markup).toContain('>0.84<');
    expect(markup).toContain('<strong class="nhsuk-tag nhsuk-tag--red">Check</strong>');
    expect(markup).toContain(
      '<li>Complications 2.09 times as frequent, against predicted, as for the rest of the list (95% interval 1.52 to 2.88)</li>',
    );
    expect(markup).toContain(
      '<li>Tells apart the patients who had a complication less well than for the rest of the list: AUROC difference -0.15 (95% interval -0.24 to -0.05)</li>',
    );
  });

  it('gives only the reasons it was flagged for, and no tag when it was not', () => {
    const aurocOnly = row({ group: 'Black', suppressed: false, flagged: true, flags: ['auroc'], ...figures });
    expect(aurocOnly).not.toContain('Complications 2.09 times');
    expect(aurocOnly).toContain('Tells apart the patients');
    const fine = row({ group: 'White', suppressed: false, flagged: false, flags: [], ...figures });
    expect(fine).not.toContain('nhsuk-tag');
    expect(fine).toContain('>None</td>');
  });

  it('names the sexes, and shows fits that cannot be made as not calculated', () => {
    expect(groupName('sex', 'F')).toBe('Female');
    expect(groupName('sex', 'unknown')).toBe('Not stated');
    expect(groupName('ethnicGroup', 'Other')).toBe('Other');
    const markup = row(
      {
        group: 'M',
        suppressed: false,
        flagged: false,
        flags: [],
        ...figures,
        auroc: null,
        calibrationSlope: null,
      },
      'sex',
    );
    expect(markup).toContain('>Male</th>');
    expect(markup.match(/Not calculated/g)).toHaveLength(2);
  });

  it('heads the table with the grouping', () => {
    const markup = renderToStaticMarkup(
      <FairnessTable by="ethnicGroup" groups={[{ group: 'Mixed', n: 'hidden', suppressed: true }]} />,
    );
    expect(markup).toContain('The model’s figures by ethnic group');
    expect(markup).toContain('<th scope="col" class="nhsuk-table__header">Ethnic group</th>');
    expect(markup).toContain('>Flag</th>');
  });
});
