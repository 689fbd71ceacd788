import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { demonstrationModelLabel, messages } from '@esr/contracts/messages';
import type { ModelCard } from '@esr/contracts/models';
import { procedureCodeSchema, type ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { InsetText, NotificationBanner, SummaryList, Tag } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { FileInput, Select } from '../../../components/form-fields';
import { ListStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { procedureGroups, useProcedures } from '../../../lib/api/library';
import { useAuth } from '../../../lib/auth/auth-provider';
import { formatDateTime } from '../../../lib/dates';
import { usePageNotice } from '../../../lib/page-notice';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { modelQueryKeys, uploadModel, useActiveModel, useModelVersions } from '../api/models';
import { percentText } from '../lib/version-text';
import { uploadErrorsFrom, validateUpload, type UploadErrors } from './upload-form-rules';
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

/**
 * docs/requirements.md §2 Technical admin /upload-model; docs/requirements.md §5 rules; docs/requirements.md §8
 * success alert and field errors. For the chosen procedure, its active model and every version of
 * it (decision 0046), each with its card, its recalibration and making it active; what a version's
 * page has just done is said in a success banner.
 */
export function UploadModelPage() {
  const { loginUserDetails } = useAuth();
  const trust = loginUserDetails?.trust.code;
  const procedures = useProcedures();
  const nameOf = useProcedureNameOf();
  const notice = usePageNotice();
  const [procedure, setProcedure] = useChosenProcedure();
  const [noticeProcedure] = useState(procedure);
  const [files, setFiles] = useState(noFiles);
  const [errors, setErrors] = useState<UploadErrors>({});
  const [attempts, setAttempts] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [uploaded, setUploaded] = useState(false);
  const fileInputs = useRef<Partial<Record<FileField, HTMLInputElement | null>>>({});
  const queryClient = useQueryClient();
  const active = useActiveModel(trust, procedure);
  const versions = useModelVersions(trust, procedure);

  const summary: ErrorSummaryItem[] = [
    ...(['procedure', 'modelFile', 'wrapperFile'] as const)
      .filter((field) => errors[field])
      .map((field) => ({ text: errors[field]!, fieldId: fieldIds[field] })),
    ...(errors.form ? [{ text: errors.form }] : []),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUploaded(false);
    const found = validateUpload({ procedure, ...files });
    setErrors(found);
    setAttempts((count) => count + 1);
    if (Object.keys(found).length > 0 || !trust) return;
    setSubmitting(true);
    try {
      await uploadModel(trust, procedure, files.modelFile!, files.wrapperFile!);
      setUploaded(true);
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

  // A version's page's notice is about the procedure it returned to: another one chosen drops it.
  const success = uploaded ? messages.modelUploaded : procedure === noticeProcedure ? notice : null;
  return (
    <>
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          {success && (
            <NotificationBanner title="Success" success>
              <p className="nhsuk-notification-banner__heading">{success}</p>
            </NotificationBanner>
          )}
          <ErrorSummary errors={summary} attempt={attempts} />
          <h1>Upload model</h1>
          <p>
            Upload a model file and its wrapper file for one type of operation. Both are Python pickle files
            (.pkl). They are checked without running any code they contain, and tested on reference records
            before they replace the active model.
          </p>
          <p>
            <Link className="nhsuk-link" to={paths.modelPerformance()}>
              Model performance
            </Link>
            : how the models&apos; predictions compare with your trust&apos;s recorded outcomes.
          </p>
          <form onSubmit={submit} noValidate>
            <Select
              id={fieldIds.procedure}
              label="Type of operation"
              placeholder="Select the type of operation"
              groups={procedureGroups(procedures.data ?? [])}
              value={procedure}
              error={errors.procedure}
              onChange={(event) => {
                setProcedure(event.target.value);
                setUploaded(false);
              }}
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
            <Button type="submit" disabled={submitting} aria-disabled={submitting}>
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
      {procedure && <ModelVersions type={procedure} procedureName={nameOf(procedure)} query={versions} />}
    </>
  );
}

/** The procedure's versions, under their heading, once they have loaded. */
function ModelVersions({
  type,
  procedureName,
  query,
}: {
  type: ProcedureCode;
  procedureName: string;
  query: ReturnType<typeof useModelVersions>;
}) {
  const items = query.data?.items ?? [];
  return (
    <section aria-labelledby="model-versions-heading">
      <h2 id="model-versions-heading">Model versions</h2>
      <ListStatus
        isLoading={query.isLoading}
        isError={query.isError}
        isEmpty={Boolean(query.data && items.length === 0)}
        onRetry={() => void query.refetch()}
      />
      {items.length > 0 && <VersionsTable type={type} procedureName={procedureName} versions={items} />}
    </section>
  );
}
