import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { paths } from '../../../config/paths';
import { defaultGrouping, writeMonitoringView } from '../lib/view-params';

/**
 * Where the clinical safety officer's pages (a signal's acknowledgement, the suspension of
 * predictions) lead back to: the figures of their type of operation, as the screen first shows them;
 * the screen's own start when the address names no type of operation.
 */
export const figuresAddress = (procedure: ProcedureCode | null | undefined) =>
  procedure
    ? paths.modelPerformance(writeMonitoringView({ procedure, by: defaultGrouping }).toString())
    : paths.modelPerformance();

/** A clinical safety officer's page: two thirds wide, with the way back to the figures under it. */
export function BackToFiguresPage({ back, children }: { back: string; children: ReactNode }) {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {children}
        <p>
          <Link className="nhsuk-link" to={back}>
            Back to model performance
          </Link>
        </p>
      </div>
    </div>
  );
}
