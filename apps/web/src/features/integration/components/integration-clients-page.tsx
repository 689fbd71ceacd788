import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  integrationClientMessages,
  issuerInWords,
  messageOutcomeLabels,
  type IntegrationClient,
} from '@esr/contracts/integration-clients';
import { messages } from '@esr/contracts/messages';
import { statusLabel, type Status } from '@esr/contracts/users';
import { Button } from '../../../components/button';
import { CaptionHeading } from '../../../components/caption-heading';
import {
  InsetText,
  NotificationBanner,
  Table,
  Tag,
  WarningCallout,
  type Column,
} from '../../../components/content';
import { DataText, dataText } from '../../../components/data-text';
import { ErrorSummary } from '../../../components/error-summary';
import { QueryStatus } from '../../../components/list-status';
import { ApiError } from '../../../lib/api-client';
import { usePageNotice } from '../../../lib/page-notice';
import { useChangeIntegrationClientStatus } from '../api/change-integration-client-status';
import { useIntegrationClients } from '../api/get-integration-clients';
import { useClientsScope } from '../lib/client-scope';
import { statusNotice } from '../lib/notices';
import { DateCell, DateTimeCell } from './date-time';
import { LabMessageSettingsForm } from './lab-message-settings';
import './integration-clients.scss';

const ClientStatusTag = ({ status }: { status: number }) => (
  <Tag colour={status === 1 ? 'green' : 'grey'}>{statusLabel(status)}</Tag>
);

function LastMessage({ client }: { client: IntegrationClient }) {
  if (!client.lastMessage) return <>None yet</>;
  return (
    <>
      <DateTimeCell value={client.lastMessage.receivedAt} />
      <br />
      {messageOutcomeLabels[client.lastMessage.outcome]}
    </>
  );
}

/**
 * Enabling and disabling clients: disabling asks first, its question taking the focus; what the
 * change did takes the focus afterwards, or the error summary says why it was refused.
 */
function useStatusChange(trust: string) {
  const change = useChangeIntegrationClientStatus(trust);
  const [changed, setChanged] = useState<{ name: string; status: Status } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Disabling refuses a client's tokens at once: the admin says so twice (NHS.UK, destructive actions).
  const [confirming, setConfirming] = useState<IntegrationClient | null>(null);
  const question = useRef<HTMLDivElement>(null);
  const asker = useRef<HTMLElement | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);
  // What the confirmed change did takes the focus, as the question that asked for it has gone.
  useEffect(() => {
    if (changed) outcome.current?.focus();
  }, [changed]);

  const setStatus = async (client: IntegrationClient, status: Status) => {
    if (change.isPending) return;
    setConfirming(null);
    setChanged(null);
    setFailure(null);
    try {
      await change.mutateAsync({ id: client.id, status });
      setChanged({ name: client.name, status });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status >= 500
          ? messages.internalServerError
          : (error instanceof ApiError && error.body?.detail) || messages.someError,
      );
      setAttempt((count) => count + 1);
    }
  };

  return {
    busy: change.isPending,
    changed,
    failure,
    attempt,
    confirming,
    question,
    outcome,
    setStatus,
    askToDisable: (client: IntegrationClient, button: HTMLElement) => {
      asker.current = button;
      setChanged(null);
      setConfirming(client);
    },
    keepEnabled: () => {
      setConfirming(null);
      // Back to the button that asked, as if nothing had happened.
      asker.current?.focus();
    },
  };
}

type StatusChange = ReturnType<typeof useStatusChange>;

/** The table's columns, the last one the button that disables or enables the client. */
function clientColumns(state: StatusChange): Column<IntegrationClient>[] {
  return [
    { header: 'Name', cell: (client) => <DataText text={client.name} /> },
    {
      header: 'Client ID',
      cell: (client) => (
        <span className="app-identifier app-client-id">
          <DataText text={client.clientId} />
        </span>
      ),
    },
    {
      header: 'Issuer',
      cell: (client) => (
        <span className="app-identifier app-issuer">
          <DataText text={issuerInWords(client.issuer)} />
        </span>
      ),
    },
    { header: 'Status', cell: (client) => <ClientStatusTag status={client.status} /> },
    { header: 'Registered', cell: (client) => <DateCell value={client.registeredAt} /> },
    { header: 'Last message', cell: (client) => <LastMessage client={client} /> },
    {
      header: 'Action',
      cell: (client) => {
        const next: Status = client.status === 1 ? 0 : 1;
        return (
          <Button
            variant="secondary"
            className="nhsuk-button--small nhsuk-u-margin-bottom-0"
            aria-disabled={state.busy || undefined}
            onClick={(event) => {
              if (next === 0) state.askToDisable(client, event.currentTarget);
              else void state.setStatus(client, next);
            }}
          >
            {next === 0 ? 'Disable' : 'Enable'}
            <span className="nhsuk-u-visually-hidden"> {dataText(client.name)}</span>
          </Button>
        );
      },
    },
  ];
}

/** What the page says of a change: the client just registered, or what enabling or disabling did. */
function StatusBanners({ state }: { state: StatusChange }) {
  const registered = usePageNotice();
  const { changed, confirming } = state;
  const notice = changed && statusNotice(changed.name, changed.status);
  return (
    <>
      {registered && !changed && !confirming && (
        <NotificationBanner title="Success" success>
          <p className="nhsuk-notification-banner__heading">
            <DataText text={registered} />
          </p>
          <p>It can now send blood results and read risk assessments for this trust.</p>
        </NotificationBanner>
      )}
      {notice && (
        <div ref={state.outcome} tabIndex={-1} className="app-focus-target">
          <NotificationBanner title="Success" success>
            <p className="nhsuk-notification-banner__heading">
              <DataText text={notice.heading} />
            </p>
            <p>{notice.text}</p>
          </NotificationBanner>
        </div>
      )}
    </>
  );
}

/** Are you sure? before a client is disabled. */
function DisableQuestion({ state, client }: { state: StatusChange; client: IntegrationClient }) {
  return (
    <div ref={state.question} tabIndex={-1} className="app-focus-target">
      <WarningCallout heading={`Disable ${dataText(client.name)}?`}>
        <p>
          Its tokens are refused at once: it can no longer send blood results or read risk assessments for
          this trust until you enable it again; what it sends meanwhile is refused.
        </p>
        <div className="nhsuk-button-group">
          <Button variant="warning" onClick={() => void state.setStatus(client, 0)}>
            Yes, disable {dataText(client.name)}
          </Button>
          <Button variant="secondary" onClick={state.keepEnabled}>
            No, keep it enabled
          </Button>
        </div>
      </WarningCallout>
    </div>
  );
}

/**
 * Decision 0048: the systems registered to send the trust blood results and read its risk
 * assessments, each with its last message; a client is disabled or enabled from its row, and a
 * disabled client's tokens are refused at once. Registering is a page of its own.
 */
export function IntegrationClientsPage() {
  const { trust, registerPath, messagesPath } = useClientsScope();
  const navigate = useNavigate();
  const clients = useIntegrationClients(trust);
  const state = useStatusChange(trust);
  const data = clients.data;

  return (
    <>
      <ErrorSummary errors={state.failure ? [{ text: state.failure }] : []} attempt={state.attempt} />
      <StatusBanners state={state} />
      {state.confirming && <DisableQuestion state={state} client={state.confirming} />}
      <CaptionHeading title={integrationClientMessages.title} caption={data?.trustName} />
      <p className="nhsuk-body-l">{integrationClientMessages.lead}</p>
      <Button onClick={() => void navigate(registerPath)}>{integrationClientMessages.registerTitle}</Button>
      <QueryStatus query={clients} />
      {data && data.items.length === 0 && (
        <InsetText>
          <p>{integrationClientMessages.noClients}</p>
        </InsetText>
      )}
      {data && data.items.length > 0 && (
        <Table
          caption="Registered clients"
          columns={clientColumns(state)}
          rows={data.items}
          rowKey={(client) => client.id}
        />
      )}
      {data && <LabMessageSettingsForm trust={trust} settings={data.settings} />}
      <h2>{integrationClientMessages.messagesTitle}</h2>
      <p>Every message these clients have sent, newest first, and what was done with it.</p>
      <p>
        <Link className="nhsuk-link" to={messagesPath()}>
          View messages received
        </Link>
      </p>
    </>
  );
}
