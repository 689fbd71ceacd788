import { groupingLabels, type GroupFigures, type Grouping } from '@esr/contracts/model-performance';
import { equityGroupLabels } from '@esr/contracts/prioritisation';
import { hiddenFigureText } from '@esr/contracts/small-groups';
import { Tag } from '../../../components/content';
import { FiguresTable } from '../../../components/figures-table';
import { aurocText, countText, groupFlagTexts, oeText, ratioText } from '../lib/figures-text';
import './model-performance.scss';

const sexLabels: Record<string, string> = equityGroupLabels.sex;

/** A group as shown: the sexes by name (M is Male); the other groupings' groups are their names. */
export const groupName = (by: Grouping, group: string): string =>
  by === 'sex' ? (sexLabels[group] ?? group) : group;

const figureHeaders = [
  'Patients',
  'Complications',
  'Observed / expected (95% interval)',
  'AUROC (95% interval)',
  'Calibration slope',
];

const numeric = 'nhsuk-table__cell nhsuk-table__cell--numeric';

/**
 * A group's row of the fairness table: its figures and whether it is flagged, in words; a hidden
 * group (fewer than 10 patients, or one that would let such a group be worked out) shows only
 * that, across the row, to protect their identities (decision 0052).
 */
export function GroupRow({ by, group }: { by: Grouping; group: GroupFigures }) {
  const name = (
    <th scope="row" className="nhsuk-table__header">
      {groupName(by, group.group)}
    </th>
  );
  if (group.suppressed)
    return (
      <tr className="nhsuk-table__row">
        {name}
        <td className="nhsuk-table__cell" colSpan={figureHeaders.length + 1}>
          {hiddenFigureText}
        </td>
      </tr>
    );
  const reasons = groupFlagTexts(group);
  return (
    <tr className="nhsuk-table__row">
      {name}
      <td className={numeric}>{countText(group.n)}</td>
      <td className={numeric}>{countText(group.events)}</td>
      <td className={numeric}>{oeText(group.oe, true)}</td>
      <td className={numeric}>{aurocText(group.auroc, true)}</td>
      <td className={numeric}>{ratioText(group.calibrationSlope)}</td>
      <td className="nhsuk-table__cell">
        {group.flagged ? (
          <>
            <Tag colour="red">Check</Tag>
            <ul className="nhsuk-list nhsuk-body-s nhsuk-u-margin-bottom-0">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        ) : (
          'None'
        )}
      </td>
    </tr>
  );
}

/** The fairness table (decision 0045): the model's figures per group of the grouping chosen. */
export function FairnessTable({ by, groups }: { by: Grouping; groups: readonly GroupFigures[] }) {
  const headers = [
    { text: groupingLabels[by] },
    ...figureHeaders.map((text) => ({ text, numeric: true })),
    { text: 'Flag' },
  ];
  return (
    <FiguresTable
      caption={<>The model’s figures by {groupingLabels[by].toLowerCase()}</>}
      captionSize="s"
      className="app-fairness-table"
      headers={headers}
    >
      {groups.map((group) => (
        <GroupRow by={by} group={group} key={group.group} />
      ))}
    </FiguresTable>
  );
}
