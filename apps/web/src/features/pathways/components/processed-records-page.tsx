import { useState } from 'react';
import { riskLabels, type Prediction } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { CounterCard } from '../../../components/counter-card';
import { ListStatus } from '../../../components/list-status';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureType } from '../../../lib/procedure-type';
import { useExportProcessedRecords } from '../api/export-records';
import { useProcessedCounts } from '../api/get-processed-counts';
import { DownloadOutcome } from './download-outcome';
import { ProcedureHeading, UnknownOpenPathwaysType } from './procedure-heading';
import { WithoutBandCards } from './without-band-cards';
import { PredictionsSuspended } from '../../../components/predictions-suspended';

interface CountCard {
  key: 'total' | Prediction;
  title: string;
  /** Absent for the total: the export then holds every processed record (docs/requirements.md §7). */
  prediction: Prediction | undefined;
}

const cards: CountCard[] = [
  { key: 'total', title: 'Total processed', prediction: undefined },
  { key: 'high', title: riskLabels.high, prediction: 'high' },
  { key: 'medium', title: riskLabels.medium, prediction: 'medium' },
  { key: 'low', title: riskLabels.low, prediction: 'low' },
];

/**
 * docs/requirements.md §2 …/processed: the processed records in total and by risk, each with Download CSV;
 * then those without a band (decision 0057), each with a link to them in the total records.
 */
export function ProcessedRecordsPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownOpenPathwaysType />;
  return <ProcessedRecords type={type} name={name} />;
}

function ProcessedRecords({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const counts = useProcessedCounts(trust, type);
  const download = useExportProcessedRecords(trust, type);
  const [outcome, setOutcome] = useState<{ failed: boolean; saved: string | null; attempt: number }>({
    failed: false,
    saved: null,
    attempt: 0,
  });
  const values = counts.data?.counters;
  const downloading = download.isPending ? (download.variables ?? 'total') : null;

  const save = async (card: CountCard) => {
    setOutcome((last) => ({ failed: false, saved: null, attempt: last.attempt }));
    try {
      const saved = await download.mutateAsync(card.prediction);
      setOutcome((last) => ({ failed: false, saved, attempt: last.attempt + 1 }));
    } catch {
      setOutcome((last) => ({ failed: true, saved: null, attempt: last.attempt + 1 }));
    }
  };

  return (
    <>
      <DownloadOutcome {...outcome} />
      <ProcedureHeading title="Processed records" name={name} listOf={type} />
      <p>
        The patients on the waiting list who have a risk prediction. Each download is a CSV file of those
        patients.
      </p>
      {counts.data?.suspendedOn && (
        <PredictionsSuspended
          procedureName={name ?? 'this type of operation'}
          suspendedOn={counts.data.suspendedOn}
        />
      )}
      <ListStatus
        isLoading={false}
        isError={counts.isError}
        isEmpty={values?.total === 0}
        onRetry={() => void counts.refetch()}
      />
      <ul className="nhsuk-grid-row nhsuk-card-group">
        {cards.map((card) => (
          <li className="nhsuk-grid-column-one-half nhsuk-card-group__item" key={card.key}>
            <CounterCard
              title={card.title}
              value={values?.[card.key]}
              isLoading={counts.isLoading}
              isError={counts.isError}
            >
              <Button
                variant="secondary"
                className="nhsuk-u-margin-bottom-0"
                disabled={downloading !== null}
                aria-disabled={downloading !== null}
                onClick={() => void save(card)}
              >
                {downloading === card.key ? 'Downloading...' : 'Download CSV'}
                <span className="nhsuk-u-visually-hidden"> of {card.title.toLowerCase()} records</span>
              </Button>
            </CounterCard>
          </li>
        ))}
      </ul>
      <h2 className="nhsuk-heading-m">Without a risk band</h2>
      <p>These patients are on the waiting list but are not in the processed records.</p>
      <ul className="nhsuk-grid-row nhsuk-card-group">
        <WithoutBandCards
          type={type}
          counts={values && { incomplete: values.incomplete, excluded: values.excluded }}
          isLoading={counts.isLoading}
          isError={counts.isError}
        />
      </ul>
    </>
  );
}
