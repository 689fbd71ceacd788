import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PatientSearchItem, PatientSearchQuery } from '@esr/contracts/patients';
import { Button } from '../../../components/button';
import { Tag } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary } from '../../../components/error-summary';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { formatNhsNumber } from '../../../lib/nhs-number';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { personName } from './patient-screen';

/** Our words: the spec gives none for Continue without a choice. */
export const choosePathwayMessage = 'Select the pathway to see its risk summary';

const radioId = (index: number) => `pathway-${index + 1}`;

/**
 * docs/requirements.md §2 patient lookup results: one row per pathway (name, date of birth, type of operation,
 * referral date; archived pathways marked), chosen with a radio; Continue opens its risk summary.
 */
export function SearchResults({
  patients,
  query,
  onBack,
}: {
  patients: PatientSearchItem[];
  query: PatientSearchQuery;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  // Shown only for several matches: one match opens its summary straight away (patient-lookup-page.tsx).
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const searchedFor = query.nhsNumber
    ? `NHS number ${formatNhsNumber(query.nhsNumber)}`
    : `local patient identifier ${query.medicalRecordNumber ?? ''}`;
  const count = `${patients.length} ${patients.length === 1 ? 'pathway' : 'pathways'}`;
  const proceed = () => {
    const pathway = patients.find((patient) => patient.id === selected);
    if (!pathway) {
      setError(choosePathwayMessage);
      setAttempt((value) => value + 1);
      return;
    }
    void navigate(paths.patientSummary(pathway.id, pathway.operationType));
  };

  return (
    <>
      <ErrorSummary errors={error ? [{ text: error, fieldId: radioId(0) }] : []} attempt={attempt} />
      <h1 className="app-focus-target" ref={headingRef} tabIndex={-1}>
        <span className="nhsuk-caption-l">
          Patient lookup<span className="nhsuk-u-visually-hidden"> - </span>
        </span>
        Search results
      </h1>
      <p>
        {count} found for {searchedFor}.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          proceed();
        }}
      >
        <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
          <fieldset className="nhsuk-fieldset" aria-describedby={error ? 'pathway-error' : undefined}>
            <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">
              <h2 className="nhsuk-fieldset__heading">Choose a pathway</h2>
            </legend>
            {error && (
              <span className="nhsuk-error-message" id="pathway-error">
                <span className="nhsuk-u-visually-hidden">Error:</span> {error}
              </span>
            )}
            <table className="nhsuk-table-responsive app-results-table">
              <caption className="nhsuk-u-visually-hidden">Pathways found</caption>
              <ResultsHead />
              <tbody className="nhsuk-table__body">
                {patients.map((patient, index) => (
                  <ResultRow
                    key={patient.id}
                    patient={patient}
                    index={index}
                    selected={selected === patient.id}
                    onSelect={() => {
                      setSelected(patient.id);
                      setError(undefined);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </fieldset>
        </div>
        <div className="app-button-group">
          <Button type="submit">Continue</Button>
          <Button variant="secondary" onClick={onBack}>
            Back to search
          </Button>
        </div>
      </form>
    </>
  );
}

function ResultsHead() {
  return (
    <thead className="nhsuk-table__head">
      <tr>
        <th scope="col">
          <span className="nhsuk-u-visually-hidden">Choose</span>
        </th>
        <th scope="col">Name</th>
        <th scope="col">Date of birth</th>
        <th scope="col">Type of operation</th>
        <th scope="col">Referral date</th>
        <th scope="col">Status</th>
      </tr>
    </thead>
  );
}

/** One pathway found: its radio (named for a screen reader) and its details. */
function ResultRow({
  patient,
  index,
  selected,
  onSelect,
}: {
  patient: PatientSearchItem;
  index: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const nameOf = useProcedureNameOf();
  const name = personName(patient) || 'Name not recorded';
  const operation = nameOf(patient.operationType);
  return (
    <tr className="nhsuk-table__row">
      <td className="nhsuk-table__cell">
        <div className="nhsuk-radios nhsuk-radios--small">
          <div className="nhsuk-radios__item">
            <input
              className="nhsuk-radios__input"
              id={radioId(index)}
              name="pathway"
              type="radio"
              value={patient.id}
              checked={selected}
              onChange={onSelect}
            />
            <label className="nhsuk-label nhsuk-radios__label" htmlFor={radioId(index)}>
              <span className="nhsuk-u-visually-hidden">
                <DataText text={name} />, {operation}
                {patient.referralDate ? `, referred ${formatDate(patient.referralDate)}` : ''}
                {patient.isActive ? '' : ', archived'}
              </span>
            </label>
          </div>
        </div>
      </td>
      <Cell heading="Name">
        <DataText text={name} />
      </Cell>
      <Cell heading="Date of birth">{formatDate(patient.dateOfBirth)}</Cell>
      <Cell heading="Type of operation">{operation}</Cell>
      <Cell heading="Referral date">{formatDate(patient.referralDate)}</Cell>
      <Cell heading="Status">
        {patient.isActive ? <Tag colour="green">Active</Tag> : <Tag colour="grey">Archived</Tag>}
      </Cell>
    </tr>
  );
}

function Cell({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <td className="nhsuk-table__cell">
      <span className="nhsuk-table-responsive__heading" aria-hidden="true">
        {heading}{' '}
      </span>
      {children}
    </td>
  );
}
