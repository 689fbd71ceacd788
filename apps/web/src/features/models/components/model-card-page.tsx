import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@esr/contracts/messages';
import type { ModelVersion, TripodCard } from '@esr/contracts/models';
import { Button } from '../../../components/button';
import { InsetText, NotificationBanner, SummaryList, Tag } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary } from '../../../components/error-summary';
import { paths } from '../../../config/paths';
import { ApiError, isDetailForPeople } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { usePageNotice } from '../../../lib/page-notice';
import { useExportModelCard, useModelCard } from '../api/models';
import { awaitsApproval, mayPropose } from '../lib/approval';
import { sourceText } from '../lib/version-text';
import { CardSections } from './model-card-sections';
import {
  returnByBack,
  useGovernanceRole,
  useModelVersion,
  VersionHeading,
  VersionLoadStatus,
  VersionPage,
  type VersionRoute,
} from './version-screen';
import { StatusTag } from './versions-table';

const title = 'Model card';

/**
 * Decision 0046 /upload-model/{type}/versions/{id}/card: the version's model card, to the TRIPOD+AI
 * items a deploying trust needs, and the card as a PDF.
 */
export function ModelCardPage() {
  return <VersionPage title={title} screen={CardScreen} />;
}

function CardScreen(route: VersionRoute) {
  const card = useModelCard(route.trust, route.type, route.id);
  // What the recalibration form has just made (its notice), said once.
  const notice = usePageNotice();
  return (
    <>
      {notice && (
        <NotificationBanner title="Success" success>
          <p className="nhsuk-notification-banner__heading">{notice}</p>
        </NotificationBanner>
      )}
      {card.data ? (
        <CardView route={route} card={card.data} />
      ) : (
        <>
          <VersionHeading title={title} procedureName={route.procedureName} />
          <VersionLoadStatus query={card} found={false} type={route.type} />
        </>
      )}
    </>
  );
}

/**
 * What the user's role can do next with the version (decision 0060): a technical admin proposes
 * one neither active nor proposed; a clinical safety officer reviews one awaiting approval.
 */
function NextStep({ route, version }: { route: VersionRoute; version: ModelVersion | undefined }) {
  const role = useGovernanceRole();
  if (!version) return null;
  const link =
    role === 'safetyOfficer'
      ? awaitsApproval(version) && {
          to: paths.modelVersionApprove(route.type, version.id),
          text: 'Review and approve this version',
        }
      : mayPropose(version) && {
          to: paths.modelVersionPropose(route.type, version.id),
          text: 'Propose making this version active',
        };
  if (!link) return null;
  return (
    <p>
      <Link className="nhsuk-link" to={link.to} state={returnByBack}>
        {link.text}
      </Link>
    </p>
  );
}

function CardView({ route, card }: { route: VersionRoute; card: TripodCard }) {
  // The card says what the version is; the versions list (often cached) says where it stands.
  const { version } = useModelVersion(route);
  const download = useExportModelCard(route.trust, route.type, route.id);
  const [saved, setSaved] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const busy = download.isPending;
  const savePdf = async () => {
    if (busy) return;
    setSaved('');
    setProblem(null);
    try {
      setSaved(`Saved ${await download.mutateAsync(card)}`);
    } catch (error) {
      setProblem(
        error instanceof ApiError && isDetailForPeople(error.status) && error.body?.detail
          ? error.body.detail
          : messages.reportFailed,
      );
      setAttempt((count) => count + 1);
    }
  };

  return (
    <>
      <ErrorSummary errors={problem ? [{ text: problem }] : []} attempt={attempt} />
      <VersionHeading title={`Model card for version ${card.version}`} procedureName={card.procedureName} />
      {card.label && (
        <InsetText>
          <p>
            <strong>
              <DataText text={card.label} />
            </strong>
          </p>
        </InsetText>
      )}
      <SummaryList
        rows={[
          {
            key: 'Status',
            value: version ? (
              <StatusTag status={version.status} />
            ) : card.isActive ? (
              <Tag colour="green">Active</Tag>
            ) : (
              <Tag colour="grey">Not active</Tag>
            ),
          },
          { key: 'Name', value: <DataText text={card.name} /> },
          { key: 'Model version', value: <DataText text={card.modelVersion} /> },
          { key: 'Version in this service', value: String(card.version) },
          { key: 'Source', value: sourceText(card) },
          { key: 'Type', value: <DataText text={card.modelType} /> },
          { key: 'Library', value: <DataText text={card.library} /> },
          { key: 'Uploaded by', value: <DataText text={card.uploadedBy} /> },
          { key: 'Uploaded on', value: formatDateTime(card.uploadedAt) },
        ]}
      />
      <NextStep route={route} version={version} />
      <CardSections card={card} />
      <h2>Download</h2>
      {/* A busy button is aria-disabled, not disabled: a disabled button would lose the focus. */}
      <Button variant="secondary" aria-disabled={busy} onClick={() => void savePdf()}>
        {busy ? 'Downloading...' : 'Download the card as a PDF'}
      </Button>
      <p className="nhsuk-u-visually-hidden" role="status">
        {saved}
      </p>
    </>
  );
}
