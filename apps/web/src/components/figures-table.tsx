import { useId, type ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

/** A column's header; a numeric column's header lines up with its right-aligned figures. */
export interface FiguresHeader {
  text: string;
  numeric?: boolean;
}

/**
 * A table of figures whose rows the caller writes, for what Table's one cell per column cannot show
 * (a row header per row, a cell across several columns, a tint per cell). It sits in a region that
 * scrolls sideways when too wide, named by its caption.
 */
export function FiguresTable({
  caption,
  captionSize,
  className,
  headers,
  children,
}: {
  caption: ReactNode;
  captionSize: 's' | 'm';
  /** The table's own class, beside the design system's. */
  className: string;
  headers: readonly FiguresHeader[];
  /** The body's rows. */
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <ScrollRegion labelledBy={captionId} className="app-table-scroll">
      <table className={`nhsuk-table ${className}`}>
        <caption id={captionId} className={`nhsuk-table__caption nhsuk-table__caption--${captionSize}`}>
          {caption}
        </caption>
        <thead className="nhsuk-table__head">
          <tr className="nhsuk-table__row">
            {headers.map(({ text, numeric }) => (
              <th
                scope="col"
                className={`nhsuk-table__header${numeric ? ' nhsuk-table__header--numeric' : ''}`}
                key={text}
              >
                {text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="nhsuk-table__body">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
