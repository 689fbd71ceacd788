import type { ReactNode } from 'react';
import { dataText } from './data-text';

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
