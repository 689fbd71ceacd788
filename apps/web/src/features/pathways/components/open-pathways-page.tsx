import type { ProcedureCode } from '@esr/contracts/procedures';
import { CounterCard } from '../../../components/counter-card';
import { ListStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureType } from '../../../lib/procedure-type';
import { useProcedureCounters } from '../api/get-procedure-counters';
import { ProcedureHeading, UnknownOpenPathwaysType } from './procedure-heading';
import { WithoutBandCards } from './without-band-cards';

/**
 * docs/requirements.md §2 /manage-open-pathways/{type}: counters for the total, processed and failed-processing
 * records of the type's active list, each with a View link to its list; and those without a band
 * (decision 0057), incomplete or not scored, each with a View link to the total records of that status.
 */
export function OpenPathwaysPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownOpenPathwaysType />;
  return <OpenPathways type={type} name={name} />;
}

function OpenPathways({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const counters = useProcedureCounters(trust, type);
  const values = counters.data?.counters;
  const state = { isLoading: counters.isLoading, isError: counters.isError, linkText: 'View' };
  return (
    <>
      <ProcedureHeading title="Open pathways" name={name} listOf={type} />
      <p>The patients on the current waiting list{name ? ` for ${name.toLowerCase()}` : ''}.</p>
      {/* Each card says 'Loading data' itself; the status above them carries the retry (docs/requirements.md §8). */}
      <ListStatus
        isLoading={false}
        isError={counters.isError}
        isEmpty={values?.activeRecords === 0}
        onRetry={() => void counters.refetch()}
      />
      <ul className="nhsuk-grid-row nhsuk-card-group">
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <CounterCard
            title="Total records"
            value={values?.activeRecords}
            linkTo={paths.totalRecords(type)}
            {...state}
          />
        </li>
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <CounterCard
            title="Processed records"
            value={values?.processedRecords}
            linkTo={paths.processedRecords(type)}
            {...state}
          />
        </li>
        <li className="nhsuk-grid-column-one-third nhsuk-card-group__item">
          <CounterCard
            title="Records that failed processing"
            value={values?.failedRecords}
            linkTo={paths.failedRecords(type)}
            {...state}
          />
        </li>
        {/* Decision 0057: without a band, each for its reason; View shows them in the total records. */}
        <WithoutBandCards
          type={type}
          counts={values && { incomplete: values.incompleteRecords, excluded: values.excludedRecords }}
          isLoading={counters.isLoading}
          isError={counters.isError}
        />
      </ul>
    </>
  );
}
