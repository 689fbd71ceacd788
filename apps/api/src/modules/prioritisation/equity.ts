/** The equity tables of the prioritisation worklist (decision 0044): waits by sex, ethnic group or age band. */
import { sql } from 'drizzle-orm';
import {
  equitySmallGroup,
  ethnicGroupOfCode,
  equityGroupLabels,
  priorityCodes,
  type Equity,
  type EquityGrouping,
} from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { todayInLondon } from '@esr/contracts/london-dates';
import { hiddenFigure } from '@esr/contracts/small-groups';
import { queryRows, type Db } from '../../platform/db/client.js';
import { hiddenInTable } from '../../platform/small-groups.js';
import { requireAccess, type Principal } from '../identity/index.js';

/** The age band of someone born on `dateOfBirth`, on `today`. */
const ageBandSql = (today: string) => sql`(case when p.date_of_birth is null then 'Not known'
  else (case when extract(year from age(${today}::date, p.date_of_birth)) < 50 then 'Under 50'
    when extract(year from age(${today}::date, p.date_of_birth)) < 60 then '50 to 59'
    when extract(year from age(${today}::date, p.date_of_birth)) < 70 then '60 to 69'
    when extract(year from age(${today}::date, p.date_of_birth)) < 80 then '70 to 79'
    else '80 and over' end) end)`;

function ethnicGroupSql() {
  const cases = Object.entries(ethnicGroupOfCode)
    .map(([code, group]) => sql`when ${code} then ${group}`)
    .reduce((all, next) => sql`${all} ${next}`);
  return sql`(case (p.clinical->>'ethnicGroup') ${cases} else 'Not stated' end)`;
}

const sexSql = sql`(case (p.clinical->>'sex') when 'M' then 'Male' when 'F' then 'Female' else 'Not stated' end)`;

const groupOrder: Record<EquityGrouping, readonly string[]> = {
  sex: [equityGroupLabels.sex.F, equityGroupLabels.sex.M, equityGroupLabels.sex.unknown],
  ethnicGroup: equityGroupLabels.ethnicGroup,
  ageBand: equityGroupLabels.ageBand,
};

/** A group's figures, or only "hidden" for a group too small to show or hidden to protect one (decision 0052). */
function figures(
  row:
    | { n: number | string; median: number | string | null; over18: number | string; over52: number | string }
    | undefined,
  hidden: boolean,
) {
  if (hidden || !row)
    return { n: hiddenFigure, medianDaysWaited: null, over18Weeks: null, over52Weeks: null };
  return {
    n: Number(row.n),
    medianDaysWaited: row.median === null ? null : Number(row.median),
    over18Weeks: Number(row.over18),
    over52Weeks: Number(row.over52),
  };
}

/** GET …/prioritisation/equity: waits by sex, ethnic group or age band, overall and by priority. */
export async function worklistEquity(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  by: EquityGrouping,
  today = todayInLondon(),
): Promise<Equity> {
  requireAccess(principal, 'prioritisation:read', trustCode);
  const group = by === 'sex' ? sexSql : by === 'ethnicGroup' ? ethnicGroupSql() : ageBandSql(today);
  const days = sql`(${today}::date - p.clock_start)`;
  const rows = await queryRows<{
    grp: string;
    priority: string | null;
    by_priority: boolean;
    n: number | string;
    median: number | string | null;
    over18: number | string;
    over52: number | string;
  }>(
    db,
    sql`select grp, priority, grouping(priority) = 0 as by_priority, count(*) as n,
        percentile_cont(0.5) within group (order by days) as median,
        count(*) filter (where days > 126) as over18, count(*) filter (where days > 364) as over52
      from (select ${group} as grp, coalesce(p.priority, 'None') as priority, ${days} as days
        from pathways p where p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode} and p.is_active) g
      group by grouping sets ((grp), (grp, priority))`,
  );
  const priorityOrder = [...priorityCodes, 'None'] as string[];
  const cells = rows.filter((row) => row.by_priority);
  const priorities = priorityOrder.filter((priority) => cells.some((row) => row.priority === priority));
  const cellOf = (name: string, priority: string) =>
    cells.find((row) => row.grp === name && row.priority === priority);
  // Groups by priority, each group's total beside its rows: small ones hidden, and as many more as it
  // takes that no hidden one, nor its counts over 18 and 52 weeks, can be worked out from the totals
  // (decision 0052). An empty group or priority row is left out, unless it is hidden for that reason.
  const names = groupOrder[by];
  const hidden = hiddenInTable(
    names.map((name) =>
      priorities.map((priority) => {
        const cell = cellOf(name, priority);
        return cell ? { size: Number(cell.n), counts: [Number(cell.over18), Number(cell.over52)] } : null;
      }),
    ),
    equitySmallGroup,
  );
  const groups = names.flatMap((name, index) => {
    const overall = rows.find((row) => row.grp === name && !row.by_priority);
    if (!overall && !hidden.rows[index]) return [];
    const byPriority = priorities.flatMap((priority, column) => {
      const cell = cellOf(name, priority);
      const hide = hidden.cells[index]![column]!;
      return cell || hide ? [{ priority, ...figures(cell, hide) }] : [];
    });
    return [{ group: name, ...figures(overall, hidden.rows[index]!), byPriority }];
  });
  return { by, today, groups };
}
