import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  integrationClientMessages,
  issuerInWords,
  type AcceptedIssuer,
} from '@esr/contracts/integration-clients';
import { FormButtons } from '../../../components/form-buttons';
import { CaptionHeading } from '../../../components/caption-heading';
import { SummaryList } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { TextInput } from '../../../components/form-fields';
import { QueryStatus } from '../../../components/list-status';
import { setPageNotice } from '../../../lib/page-notice';
import { useIntegrationClients } from '../api/get-integration-clients';
import { useRegisterIntegrationClient } from '../api/register-integration-client';
import { useClientsScope } from '../lib/client-scope';
import { registeredNotice } from '../lib/notices';
import {
  registerBody,
  registerFailure,
  registerFields,
  registerFormSchema,
  type RegisterFailure,
  type RegisterFormValues,
} from '../lib/register-form';

/**
 * Decision 0048: register a system of the trust as an integration client. The issuer follows from
 * the identity provider this installation takes tokens from: the form asks for the directory
 * (tenant) ID with Microsoft Entra ID, and shows the issuer otherwise.
 */
export function RegisterIntegrationClientPage() {
  const { trust } = useClientsScope();
  const clients = useIntegrationClients(trust);
  const data = clients.data;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {!data && <h1>{integrationClientMessages.registerTitle}</h1>}
        <QueryStatus query={clients} />
        {data && <RegisterForm trust={trust} trustName={data.trustName} accepted={data.acceptedIssuer} />}
      </div>
    </div>
  );
}

function IssuerField({ accepted }: { accepted: AcceptedIssuer }) {
  if (accepted.kind === 'entra') return null;
  const value = accepted.kind === 'development' ? issuerInWords('development') : accepted.issuer;
  return <SummaryList rows={[{ key: 'Issuer', value: <DataText text={value} /> }]} />;
}

/** The registration's state: its fields, their errors and the server's, and its submission. */
function useRegisterForm(trust: string, accepted: AcceptedIssuer) {
  const navigate = useNavigate();
  const { listPath } = useClientsScope();
  const register = useRegisterIntegrationClient(trust);
  const [failure, setFailure] = useState<RegisterFailure | null>(null);
  const form = useForm<RegisterFormValues>({
    // The error summary takes focus (NHS.UK pattern), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(registerFormSchema(accepted)),
    defaultValues: {
      name: '',
      tenantId: accepted.kind === 'entra' ? (accepted.trustTenantId ?? '') : '',
      clientId: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const client = await register.mutateAsync(registerBody(values, accepted));
      setPageNotice(listPath, registeredNotice(client.name));
      await navigate(listPath);
    } catch (error) {
      setFailure(registerFailure(error, accepted));
    }
  });

  const errors: Partial<Record<string, string>> = { ...failure?.fieldErrors };
  for (const field of registerFields) {
    const message = form.formState.errors[field]?.message;
    if (message) errors[field] = message;
  }
  const summary: ErrorSummaryItem[] = [
    ...(failure?.message ? [{ text: failure.message }] : []),
    ...registerFields.flatMap((field) => {
      const text = errors[field];
      return text ? [{ text, fieldId: field }] : [];
    }),
  ];
  return {
    form,
    errors,
    summary,
    submit,
    submitting: register.isPending,
    cancel: () => void navigate(listPath),
  };
}

function RegisterForm({
  trust,
  trustName,
  accepted,
}: {
  trust: string;
  trustName: string;
  accepted: AcceptedIssuer;
}) {
  const { form, errors, summary, submit, submitting, cancel } = useRegisterForm(trust, accepted);
  return (
    <>
      <ErrorSummary errors={summary} attempt={form.formState.submitCount} />
      <CaptionHeading title={integrationClientMessages.registerTitle} caption={trustName} />
      <p>
        Register a system that will send this trust’s blood results to this service and read the risk
        assessments it makes.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextInput
          id="name"
          label="Name"
          hint="What the trust calls the system, for example Pathology (Rhapsody)"
          width={30}
          autoComplete="off"
          error={errors.name}
          {...form.register('name')}
        />
        <IssuerField accepted={accepted} />
        {accepted.kind === 'entra' && (
          <TextInput
            id="tenantId"
            label="Directory (tenant) ID"
            hint="From the overview of the app registration in Microsoft Entra ID, for example 72f988bf-86f1-41af-91ab-2d7cd011db47"
            width={30}
            autoComplete="off"
            spellCheck={false}
            error={errors.tenantId}
            {...form.register('tenantId')}
          />
        )}
        <TextInput
          id="clientId"
          label="Client ID"
          hint={
            accepted.kind === 'entra'
              ? 'The application (client) ID from the same overview'
              : 'The client ID the identity provider gave the system'
          }
          width={30}
          autoComplete="off"
          spellCheck={false}
          error={errors.clientId}
          {...form.register('clientId')}
        />
        <FormButtons busy={submitting} onCancel={cancel} submitLabel="Register client" />
      </form>
      <p>{integrationClientMessages.whatAClientIs}</p>
    </>
  );
}
