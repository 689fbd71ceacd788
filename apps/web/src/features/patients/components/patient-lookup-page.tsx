import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { patientSearchMessages } from '@esr/contracts/patients';
import { Button } from '../../../components/button';
import { InsetText } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { TextInput } from '../../../components/form-fields';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { usePatientSearch } from '../api/search-patients';
import { readLastSearch, setLastSearch, useLastSearch } from '../lib/last-search';
import {
  emptyLookupForm,
  lookupErrors,
  searchFailureOf,
  searchQueryOf,
  type LookupErrors,
  type LookupForm,
} from '../lib/lookup-form';
import { joinSegments, splitNhsNumber } from '../lib/nhs-number-segments';
import { CheckboxItem } from './checkbox-item';
import { NhsNumberInput, nhsNumberFieldId } from './nhs-number-input';
import { SearchResults } from './search-results';

const localIdentifierId = 'localIdentifier';
const noNhsNumberId = 'noNhsNumber';

/** Going back to the search from its results puts the focus in the field the search used. */
function useFocusOnReturnToSearch(showResults: boolean, noNhsNumber: boolean) {
  const formShown = useRef(!showResults);
  useEffect(() => {
    if (!showResults && !formShown.current)
      document.getElementById(noNhsNumber ? localIdentifierId : nhsNumberFieldId)?.focus();
    formShown.current = !showResults;
  }, [showResults, noNhsNumber]);
}

/**
 * docs/requirements.md §2 /patient-lookup: find a patient's pathways by NHS number or, for a patient without one,
 * by local identifier; choose one and Continue to its risk summary. A search that finds one pathway
 * opens its risk summary at once (there is nothing to choose); Back from it shows the form with the
 * search still filled in. The search is kept in memory (never in the address: patient identifiers
 * must not leak through URLs), so that Back from the summary shows several results again.
 */
export function PatientLookupPage() {
  const trust = useTrustCode();
  const navigate = useNavigate();
  const last = useLastSearch(trust);
  const [form, setForm] = useState<LookupForm>(last?.form ?? emptyLookupForm);
  const query = last?.query ?? null;
  const search = usePatientSearch(trust, query);
  const [checked, setChecked] = useState<LookupErrors>({});
  const [attempt, setAttempt] = useState(0);
  const failure = query && search.isError ? searchFailureOf(search.error, messages.someError) : null;
  const errors: LookupErrors = { ...failure?.fieldErrors, ...checked };
  // Results from the cache show at once (Back from a summary) while they are checked again.
  const patients = query && !search.isError ? search.data?.patients : undefined;
  const showResults = Boolean(patients && patients.length > 1);
  // One pathway found: open it once the server has answered (not from a cached answer being checked
  // again), and forget the results, so that Back from the summary shows the form rather than
  // opening the summary again.
  const single = patients?.length === 1 && !search.isFetching ? patients[0] : undefined;
  useEffect(() => {
    // Once only, though the effect may run twice (React's strict mode).
    if (!single || !readLastSearch(trust)?.query) return;
    setLastSearch({ trust, form, query: null });
    void navigate(paths.patientSummary(single.id, single.operationType), { replace: false });
  }, [single, trust, form, navigate]);
  // Each failure of the search takes the focus to the error summary once.
  useEffect(() => {
    if (search.errorUpdatedAt) setAttempt((count) => count + 1);
  }, [search.errorUpdatedAt]);

  useFocusOnReturnToSearch(showResults, form.noNhsNumber);

  const submit = () => {
    // Search stays enabled while a search runs (a disabled button would lose the focus).
    if (search.isFetching) return;
    const found = lookupErrors(form);
    setChecked(found);
    if (Object.keys(found).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    const next = searchQueryOf(form);
    setLastSearch({ trust, form, query: next });
    // The same search again asks the server again.
    if (query && JSON.stringify(query) === JSON.stringify(next)) void search.refetch();
  };

  if (showResults && patients && query)
    return (
      <SearchResults
        key={JSON.stringify(query)}
        patients={patients}
        query={query}
        onBack={() => setLastSearch({ trust, form, query: null })}
      />
    );

  const summaryItems: ErrorSummaryItem[] = [
    ...(errors.nhsNumber && !form.noNhsNumber ? [{ text: errors.nhsNumber, fieldId: nhsNumberFieldId }] : []),
    ...(errors.localIdentifier && form.noNhsNumber
      ? [{ text: errors.localIdentifier, fieldId: localIdentifierId }]
      : []),
    ...(failure?.message ? [{ text: failure.message }] : []),
  ];
  const notFound =
    failure?.notFound ??
    (query && search.data?.patients.length === 0 ? patientSearchMessages.notFound : null);
  const update = (change: Partial<LookupForm>) => setForm({ ...form, ...change });

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summaryItems} attempt={attempt} />
        <h1>Patient lookup</h1>
        <p>
          Find a patient on your trust&apos;s waiting lists to see their risk of complications after surgery.
        </p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <IdentifierFields form={form} errors={errors} update={update} />
          {/* Never disabled (decision 0058): an empty search is answered by the error summary. */}
          <Button type="submit">Search</Button>
        </form>
        <div role="status">
          {query && search.isFetching && <p className="nhsuk-body">{messages.loading}</p>}
          {notFound && !search.isFetching && (
            <InsetText>
              <p>{notFound}</p>
            </InsetText>
          )}
        </div>
        <LookupLinks />
      </div>
    </div>
  );
}

/** The NHS number, or for a patient without one, the local patient identifier. */
function IdentifierFields({
  form,
  errors,
  update,
}: {
  form: LookupForm;
  errors: LookupErrors;
  update: (change: Partial<LookupForm>) => void;
}) {
  return (
    <>
      <NhsNumberInput
        segments={splitNhsNumber(form.nhsNumber)}
        onChange={(segments) => update({ nhsNumber: joinSegments(segments) })}
        error={form.noNhsNumber ? undefined : errors.nhsNumber}
        disabled={form.noNhsNumber}
      />
      <div className="nhsuk-form-group">
        <div className="nhsuk-checkboxes">
          <CheckboxItem
            id={noNhsNumberId}
            checked={form.noNhsNumber}
            conditional={`${noNhsNumberId}-conditional`}
            onChange={(noNhsNumber) => update({ noNhsNumber })}
          >
            My patient doesn&apos;t have an NHS number
          </CheckboxItem>
          {form.noNhsNumber && (
            <div className="nhsuk-checkboxes__conditional" id={`${noNhsNumberId}-conditional`}>
              <TextInput
                id={localIdentifierId}
                label="Local patient identifier"
                hint="The hospital number, up to 30 characters"
                width={20}
                autoComplete="off"
                spellCheck={false}
                value={form.localIdentifier}
                error={errors.localIdentifier}
                onChange={(event) => update({ localIdentifier: event.target.value })}
              />
            </div>
          )}
        </div>
      </div>
    </>
  );
}

/** Where else a clinician may go from the lookup. */
function LookupLinks() {
  const role = useAuth().currentSelectedRole;
  return (
    <>
      <p className="nhsuk-u-margin-top-5">
        <Link className="nhsuk-link" to={paths.prioritisation()}>
          Prioritise the waiting list
        </Link>
      </p>
      <p>
        <Link className="nhsuk-link" to={paths.optimisation()}>
          Optimise patients before surgery
        </Link>
      </p>
      {/* Decision 0045: clinicians (not clerical users) see how the model performs. */}
      {role === 'Clinician' && (
        <p>
          <Link className="nhsuk-link" to={paths.modelPerformance()}>
            Model performance
          </Link>
        </p>
      )}
    </>
  );
}
