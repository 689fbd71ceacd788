import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { demonstrationModelLabel, messages } from '@esr/contracts/messages';
import type { ModelCard } from '@esr/contracts/models';
import { procedureCodeSchema, type ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { InsetText, NotificationBanner, SummaryList, Tag } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { FileInput, Select } from '../../../components/form-fields';
import { ListStatus, QueryStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { procedureGroups, useProcedures } from '../../../lib/api/library';
import { useAuth } from '../../../lib/auth/auth-provider';
import { formatDateTime } from '../../../lib/dates';
import { usePageNotice } from '../../../lib/page-notice';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import {
  modelQueryKeys,
  uploadModel,
  useActiveModel,
  useModelVersions,
  useOpenSignals,
  useSuspensions,
} from '../api/models';
import { PredictionsSuspended } from '../../../components/predictions-suspended';
import type { GovernanceRole } from '../lib/approval';
import {
  listSeparator,
  openSignalWords,
  percentText,
  signalsByChart,
  uploadedNotice,
} from '../lib/version-text';
import { uploadErrorsFrom, validateUpload, type UploadErrors } from './upload-form-rules';
import { useGovernanceRole } from './version-screen';
import { VersionsTable } from './versions-table';

const fieldIds = { procedure: 'procedure', modelFile: 'model-file', wrapperFile: 'wrapper-file' } as const;
/** The two pickle files, in the order of the form. */
const fileFields = [
  { field: 'modelFile', label: 'Model file', hint: 'The fitted model, for example model.pkl' },
  {
    field: 'wrapperFile',
    label: 'Wrapper file',
    hint: "The wrapper that maps patient records to the model's features, for example wrapper.pkl",
  },
] as const;
type FileField = (typeof fileFields)[number]['field'];
const noFiles: Record<FileField, File | null> = { modelFile: null, wrapperFile: null };

function ActiveModelCard({ card }: { card: ModelCard }) {
  return (
    <div className="nhsuk-card">
      <div className="nhsuk-card__content">
        <h2 className="nhsuk-card__heading nhsuk-heading-m">Active model</h2>
        {card.demonstration && (
          <p>
            <Tag colour="orange">{demonstrationModelLabel}</Tag>
          </p>
        )}
        <SummaryList
          rows={[
            { key: 'Name', value: card.name },
            { key: 'Model version', value: card.modelVersion },
            { key: 'Version in this service', value: String(card.version) },
            { key: 'Type', value: card.modelType },
            { key: 'Uploaded by', value: card.uploadedBy },
            { key: 'Uploaded on', value: formatDateTime(card.uploadedAt) },
            {
              key: 'Risk thresholds',
              value: `High from ${percentText(card.thresholds.high)}, moderate from ${percentText(card.thresholds.moderate)}`,
            },
          ]}
        />
      </div>
    </div>
  );
}

/** The procedure of ?procedure=, kept in the address so that a version's page can return to it. */
function useChosenProcedure(): [ProcedureCode | '', (procedure: string) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = procedureCodeSchema.safeParse(params.get('procedure'));
  // Replaced, not pushed: Back leaves the page rather than stepping through the choices.
  const choose = (procedure: string) => setParams(procedure ? { procedure } : {}, { replace: true });
  return [parsed.success ? parsed.data : '', choose];
}

/** The model performance screen of one procedure, as its own address names it (?procedure=). */
const modelPerformanceOf = (procedure: ProcedureCode) =>
  paths.modelPerformance(new URLSearchParams({ procedure }).toString());

/** A CUSUM's open signals in a sentence, each day kept whole: its hyphens would let it break. */
function SignalSentence({ words }: { words: ReturnType<typeof openSignalWords> }) {
  return (
    <>
      {words.before}
      {words.days.map((day, index) => (
        <span key={day}>
          {listSeparator(index, words.days.length)}
          <span className="app-nowrap">{day}</span>
        </span>
      ))}
      {words.after}
    </>
  );
}

/**
 * Decision 0061: each CUSUM signal no clinical safety officer has acknowledged yet, whichever
 * procedure it is for, so that no one uploads, proposes or approves a version without seeing it.
 */
function OpenSignalsBanner({
  trust,
  procedures,
}: {
  trust: string | undefined;
  procedures: ProcedureCode[];
}) {
  const signals = useOpenSignals(trust, procedures);
  const nameOf = useProcedureNameOf();
  if (signals.length === 0) return null;
  return (
    <NotificationBanner title="Important">
      {signalsByChart(signals).map(({ procedure, direction, dates }) => (
        <p key={`${procedure} ${direction}`}>
          <SignalSentence words={openSignalWords(nameOf(procedure), direction, dates)} /> A clinical safety
          officer must acknowledge {dates.length === 1 ? 'it' : 'them'} on{' '}
          {/* Each link names its procedure: links of one name must lead to one place (WCAG 2.4.4). */}
          <Link className="nhsuk-notification-banner__link" to={modelPerformanceOf(procedure)}>
            Model performance for {nameOf(procedure).toLowerCase()}
          </Link>
          .
        </p>
      ))}
    </NotificationBanner>
  );
}

/** The procedures whose predictions are suspended (decision 0063), each said once. */
function SuspensionsBanner({
  trust,
  procedures,
}: {
  trust: string | undefined;
  procedures: ProcedureCode[];
}) {
  const suspensions = useSuspensions(trust, procedures);
  const nameOf = useProcedureNameOf();
  return suspensions.map(({ procedure, suspendedOn }) => (
    <PredictionsSuspended key={procedure} procedureName={nameOf(procedure)} suspendedOn={suspendedOn} />
  ));
}

/**
 * docs/requirements.md §2 Technical admin /upload-model; docs/requirements.md §5 rules; docs/requirements.md §8
 * field errors. A technical admin uploads a version, which waits for a clinical safety officer's
 * approval (decision 0060), and sees the chosen procedure's active model and every version of it
 * (decision 0046), each with its card, its recalibration and proposing it. A clinical safety
 * officer sees every procedure's versions, and reviews those awaiting approval. Either way the
 * page leads with the open CUSUM signals, and what a version's page has just done is said in a
 * success banner, which takes the focus.
 */
export function UploadModelPage() {
  const role = useGovernanceRole();
  const { loginUserDetails } = useAuth();
  const trust = loginUserDetails?.trust.code;
  const procedures = useProcedures();
  const notice = usePageNotice();
  const [procedure, setProcedure] = useChosenProcedure();
  const [noticeProcedure] = useState(procedure);
  const [uploaded, setUploaded] = useState<string | null>(null);
  // A version's page's notice is about the procedure it returned to: another one chosen drops it.
  const success = uploaded ?? (role === 'safetyOfficer' || procedure === noticeProcedure ? notice : null);
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (success) banner.current?.focus();
  }, [success]);

  const banners = (
    <>
      {success && (
        <div ref={banner} tabIndex={-1} className="app-focus-target">
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">{success}</p>
          </NotificationBanner>
        </div>
      )}
      <OpenSignalsBanner trust={trust} procedures={(procedures.data ?? []).map((each) => each.code)} />
      <SuspensionsBanner trust={trust} procedures={(procedures.data ?? []).map((each) => each.code)} />
    </>
  );
  const modelPerformanceLink = (
    <p>
      <Link className="nhsuk-link" to={paths.modelPerformance()}>
        Model performance
      </Link>
      : how the models&apos; predictions compare with your trust&apos;s recorded outcomes.
    </p>
  );

  if (role === 'safetyOfficer')
    return (
      <>
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-two-thirds">
            {banners}
            <h1>Model versions</h1>
            <p>
              Every version of each type of operation&apos;s model. A version a technical admin uploads,
              recalibrates or proposes again scores no patients until a clinical safety officer other than the
              one who proposed it approves it. Review the versions awaiting approval.
            </p>
            {modelPerformanceLink}
            <QueryStatus query={procedures} />
          </div>
        </div>
        {(procedures.data ?? []).map((each) => (
          <ModelVersions
            key={each.code}
            trust={trust}
            type={each.code}
            procedureName={each.name}
            heading={each.name}
            role={role}
          />
        ))}
      </>
    );

  return (
    <UploadForm
      trust={trust}
      procedure={procedure}
      setProcedure={(chosen) => {
        setProcedure(chosen);
        setUploaded(null);
      }}
      onUploaded={setUploaded}
      banners={banners}
      intro={modelPerformanceLink}
    />
  );
}

/** The upload's state: the files chosen, their errors and the server's, and Submit. */
function useModelUpload(
  trust: string | undefined,
  procedure: ProcedureCode | '',
  onUploaded: (text: string | null) => void,
) {
  const [files, setFiles] = useState(noFiles);
  const [errors, setErrors] = useState<UploadErrors>({});
  const [attempts, setAttempts] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const fileInputs = useRef<Partial<Record<FileField, HTMLInputElement | null>>>({});
  const queryClient = useQueryClient();
  const active = useActiveModel(trust, procedure);

  const summary: ErrorSummaryItem[] = [
    ...(['procedure', 'modelFile', 'wrapperFile'] as const)
      .filter((field) => errors[field])
      .map((field) => ({ text: errors[field]!, fieldId: fieldIds[field] })),
    ...(errors.form ? [{ text: errors.form }] : []),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    onUploaded(null);
    const found = validateUpload({ procedure, ...files });
    setErrors(found);
    setAttempts((count) => count + 1);
    if (Object.keys(found).length > 0 || !trust || !procedure) return;
    setSubmitting(true);
    try {
      const accepted = await uploadModel(trust, procedure, files.modelFile!, files.wrapperFile!);
      onUploaded(uploadedNotice(accepted.version, active.data?.version));
      setFiles(noFiles);
      for (const input of Object.values(fileInputs.current)) if (input) input.value = '';
      await queryClient.invalidateQueries({ queryKey: modelQueryKeys.all(trust, procedure) });
    } catch (error) {
      setErrors(uploadErrorsFrom(error));
      setAttempts((count) => count + 1);
    } finally {
      setSubmitting(false);
    }
  };

  return { summary, attempts, submit, submitting, errors, setFiles, fileInputs, active };
}

/**
 * The technical admin's upload: the files are checked as the API checks them, its refusals shown
 * under their fields; the new version waits for approval, and the banner says so.
 */
function UploadForm({
  trust,
  procedure,
  setProcedure,
  onUploaded,
  banners,
  intro,
}: {
  trust: string | undefined;
  procedure: ProcedureCode | '';
  setProcedure: (procedure: string) => void;
  onUploaded: (text: string | null) => void;
  banners: ReactNode;
  intro: ReactNode;
}) {
  const procedures = useProcedures();
  const nameOf = useProcedureNameOf();
  const { summary, attempts, submit, submitting, errors, setFiles, fileInputs, active } = useModelUpload(
    trust,
    procedure,
    onUploaded,
  );

  return (
    <>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <ErrorSummary errors={summary} attempt={attempts} />
          {banners}
          <h1>Upload model</h1>
          <p>
            Upload a model file and its wrapper file for one type of operation. Both are Python pickle files
            (.pkl). They are checked without running any code they contain, and tested on reference records.
            The new version replaces the active model only once a clinical safety officer approves it.
          </p>
          {intro}
          <form onSubmit={submit} noValidate>
            <Select
              id={fieldIds.procedure}
              label="Type of operation"
              placeholder="Select the type of operation"
              groups={procedureGroups(procedures.data ?? [])}
              value={procedure}
              error={errors.procedure}
              onChange={(event) => setProcedure(event.target.value)}
            />
            {fileFields.map(({ field, label, hint }) => (
              <FileInput
                key={field}
                id={fieldIds[field]}
                label={label}
                hint={hint}
                accept=".pkl"
                ref={(input) => {
                  fileInputs.current[field] = input;
                }}
                error={errors[field]}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  setFiles((current) => ({ ...current, [field]: file }));
                }}
              />
            ))}
            {/* A busy button is aria-disabled, not disabled: a disabled button would lose the focus. */}
            <Button type="submit" aria-disabled={submitting}>
              {submitting ? messages.submitting : 'Submit'}
            </Button>
          </form>
          {procedure && active.data && <ActiveModelCard card={active.data} />}
          {procedure && active.isError && (
            <InsetText>
              <p>No model is active for this type of operation yet.</p>
            </InsetText>
          )}
        </div>
      </div>
      {procedure && (
        <ModelVersions
          trust={trust}
          type={procedure}
          procedureName={nameOf(procedure)}
          heading="Model versions"
          role="technicalAdmin"
        />
      )}
    </>
  );
}

/** A procedure's versions, under their heading, once they have loaded. */
function ModelVersions({
  trust,
  type,
  procedureName,
  heading,
  role,
}: {
  trust: string | undefined;
  type: ProcedureCode;
  procedureName: string;
  heading: string;
  role: GovernanceRole;
}) {
  const query = useModelVersions(trust, type);
  const items = query.data?.items ?? [];
  const headingId = `model-versions-${type}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ListStatus
        isLoading={query.isLoading}
        isError={query.isError}
        isEmpty={Boolean(query.data && items.length === 0)}
        onRetry={() => void query.refetch()}
      />
      {items.length > 0 && (
        <VersionsTable type={type} procedureName={procedureName} role={role} versions={items} />
      )}
    </section>
  );
}
