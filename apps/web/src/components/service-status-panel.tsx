import type { ReactNode } from 'react';
import { messages } from '@esr/contracts/messages';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { ServiceStatus } from '@esr/contracts/waiting-list';
import { useServiceStatus } from '../lib/api/service-status';
import { formatDateTime } from '../lib/dates';
import { Button } from './button';
import { InsetText, SummaryList, Tag } from './content';

/** What the service does, as the waiting list's upload overview says it. */
export const scoringServiceDescription =
  'The service gives every patient of a confirmed list a risk prediction. It is busy while it does.';

/**
 * docs/requirements.md §2, §3: the scoring service's status (Idle or Busy) and when it last ran,
 * under what it means for the page (`description`).
 */
export function ServiceStatusPanel({
  status,
  isLoading,
  isError,
  description = scoringServiceDescription,
}: {
  status: ServiceStatus | undefined;
  isLoading: boolean;
  isError: boolean;
  description?: ReactNode;
}) {
  const value = isLoading ? (
    messages.loading
  ) : isError || !status ? (
    messages.notAvailable
  ) : status.status === 'busy' ? (
    <Tag colour="orange">Busy</Tag>
  ) : (
    <Tag colour="green">Idle</Tag>
  );
  const lastRun = status ? formatDateTime(status.lastRun) || 'Not run yet' : messages.notAvailable;
  return (
    <div className="nhsuk-card app-service-status">
      <div className="nhsuk-card__content">
        <h2 className="nhsuk-card__heading nhsuk-heading-m">Service status</h2>
        <p className="nhsuk-card__description">{description}</p>
        {/* Polled while busy: the change to Idle is announced, as Continue becomes available. */}
        <div aria-live="polite">
          <SummaryList
            rows={[
              { key: 'Status', value },
              { key: 'Last run', value: isLoading ? messages.loading : lastRun },
            ]}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * docs/requirements.md §4 on an upload overview: the service status, and the button that starts an
 * upload (`buttonLabel`), disabled while the service is busy, with why (`busyMessage`). The status
 * is asked again while busy, so the button comes back by itself.
 */
export function ServiceStatusGate({
  trust,
  type,
  description,
  busyMessage,
  buttonLabel,
  onContinue,
}: {
  trust: string;
  type: ProcedureCode;
  description?: ReactNode;
  busyMessage: string;
  buttonLabel: string;
  onContinue: () => void;
}) {
  const status = useServiceStatus(trust, type);
  const busy = status.data?.status === 'busy';
  return (
    <>
      <ServiceStatusPanel
        status={status.data}
        isLoading={status.isLoading}
        isError={status.isError}
        {...(description !== undefined && { description })}
      />
      {busy && (
        <InsetText>
          <p>{busyMessage}</p>
        </InsetText>
      )}
      <Button disabled={busy} aria-disabled={busy} onClick={onContinue}>
        {buttonLabel}
      </Button>
    </>
  );
}
