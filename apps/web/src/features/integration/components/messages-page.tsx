import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  integrationClientMessages,
  messageFormatLabels,
  messageOutcomeLabels,
  type IntegrationMessage,
} from '@esr/contracts/integration-clients';
import { CaptionHeading } from '../../../components/caption-heading';
import { InsetText, Tag, type Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { PagedResults } from '../../../components/list-status';
import { readPage } from '../../../lib/page-param';
import { useIntegrationClients } from '../api/get-integration-clients';
import { DateTimeCell } from './date-time';
import './integration-clients.scss';
import { useIntegrationMessages } from '../api/get-integration-messages';
import { useClientsScope } from '../lib/client-scope';

/** Why a message was refused, or the notes on what it carried that was ignored, one a line. */
function Detail({ text }: { text: string | null }) {
  const lines = (text ?? '').split('\n').filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <ul className="app-counts app-identifier">
      {lines.map((line, index) => (
        <li key={index}>
          <DataText text={line} />
        </li>
      ))}
    </ul>
  );
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The counts of what a message did, one a line; a refused message applied nothing. */
function Counts({ message }: { message: IntegrationMessage }) {
  if (message.outcome === 'rejected') return <>Nothing applied</>;
  const lines = [
    plural(message.results, 'result'),
    `${message.applied.toLocaleString('en-GB')} for patients on the list`,
    `${message.held.toLocaleString('en-GB')} kept for 90 days`,
    `${message.ignored.toLocaleString('en-GB')} ignored`,
    `${plural(message.pathwaysUpdated, 'pathway')} updated`,
  ];
  return (
    <ul className="app-counts app-counts--whole">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export const messageColumns: Column<IntegrationMessage>[] = [
  { header: 'Received', cell: (message) => <DateTimeCell value={message.receivedAt} /> },
  { header: 'Client', cell: (message) => <DataText text={message.clientName} /> },
  // Its format, then the sender's id of it, which may be a long run without spaces.
  {
    header: 'Message',
    cell: (message) => (
      <>
        {messageFormatLabels[message.format]}
        <br />
        <span className="app-identifier app-message-id">
          <DataText text={message.messageId} />
        </span>
      </>
    ),
  },
  {
    header: 'Outcome',
    cell: (message) => (
      <Tag colour={message.outcome === 'accepted' ? 'green' : 'red'}>
        {messageOutcomeLabels[message.outcome]}
      </Tag>
    ),
  },
  { header: 'What it did', cell: (message) => <Counts message={message} /> },
  { header: 'Detail', cell: (message) => <Detail text={message.detail} /> },
];

/**
 * Decision 0048: the messages the trust's clients sent, newest first, 20 a page (the page is kept
 * in the address), each with what was done with it. No patient details are kept about a message.
 */
export function IntegrationMessagesPage() {
  const { trust, listPath, messagesPath } = useClientsScope();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pageNumber = readPage(params.get('page'));
  const clients = useIntegrationClients(trust);
  const received = useIntegrationMessages(trust, pageNumber);
  const empty = received.data && received.data.totalCount === 0;
  return (
    <>
      <CaptionHeading title={integrationClientMessages.messagesTitle} caption={clients.data?.trustName} />
      <p>{integrationClientMessages.messagesLead}</p>
      {empty ? (
        <InsetText>
          <p>{integrationClientMessages.noMessages}</p>
        </InsetText>
      ) : (
        <PagedResults
          query={received}
          caption="Messages received, newest first"
          noun="message"
          columns={messageColumns}
          rowKey={(message) => message.id}
          onPageChange={(page) => void navigate(messagesPath(page))}
          hrefFor={(page) => messagesPath(page)}
        />
      )}
      <p>
        <Link className="nhsuk-link" to={listPath}>
          Back to integration clients
        </Link>
      </p>
    </>
  );
}
