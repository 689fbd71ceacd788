import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cameFromList } from '../lib/came-from-list';
import { formatNhsNumber } from '../lib/nhs-number';
import { DataText, dataText } from './data-text';

/** A value under a cell's main one, in smaller type, named for screen readers when its words do not say. */
export function CellDetail({ name, children }: { name?: string; children: ReactNode }) {
  return (
    <span className="app-record-detail">
      {name && <span className="nhsuk-u-visually-hidden">{name} </span>}
      {children}
    </span>
  );
}

/** Text kept on one line: an NHS number, a date. */
export const Nowrap = ({ children }: { children: ReactNode }) => (
  <span className="app-nowrap">{children}</span>
);

/** The patient as the record lists name them: surname first (the order they sort by), then first name. */
export const listedPatientName = (row: { firstName: string | null; lastName: string | null }) =>
  dataText([row.lastName, row.firstName].filter(Boolean).join(', '));

/**
 * A worklist's patient: their name as the lists show it, leading to `href` (which remembers the
 * list it came from, for its back link), and their NHS number under it.
 */
export function ListedPatientCell({
  row,
  href,
}: {
  row: { firstName: string | null; lastName: string | null; nhsNumber: string | null };
  href: string;
}) {
  const name = listedPatientName(row);
  const { pathname, search } = useLocation();
  return (
    <>
      <Link className="nhsuk-link app-record-name" to={href} state={cameFromList(`${pathname}${search}`)}>
        {name ? <DataText text={name} /> : 'Patient with no name recorded'}
      </Link>
      {row.nhsNumber && (
        <CellDetail name="NHS number">
          <Nowrap>{formatNhsNumber(row.nhsNumber)}</Nowrap>
        </CellDetail>
      )}
    </>
  );
}
