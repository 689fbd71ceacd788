import { Link } from 'react-router';
import { recordStatusLabels } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { CounterCard } from '../../../components/counter-card';
import { paths } from '../../../config/paths';
import { statusQuery, withoutBand, type WithoutBandStatus } from '../lib/without-band';

/**
 * The counts of the records without a risk band (decision 0057), incomplete and not scored, each
 * with why and a link to the total records of that status.
 */
export function WithoutBandCards({
  type,
  counts,
  isLoading,
  isError,
}: {
  type: ProcedureCode;
  counts: Record<WithoutBandStatus, number> | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  return (
    <>
      {withoutBand.map((card) => (
        <li className="nhsuk-grid-column-one-half nhsuk-card-group__item" key={card.status}>
          <CounterCard
            title={recordStatusLabels[card.status]}
            value={counts?.[card.status]}
            isLoading={isLoading}
            isError={isError}
          >
            <p className="nhsuk-body-s">{card.description}</p>
            <Link className="nhsuk-link" to={paths.totalRecords(type, statusQuery(card.status))}>
              View
              <span className="nhsuk-u-visually-hidden">
                {' '}
                {recordStatusLabels[card.status].toLowerCase()} records
              </span>
            </Link>
          </CounterCard>
        </li>
      ))}
    </>
  );
}
