import { messages } from '@esr/contracts/messages';
import type { ServiceStatus } from '@esr/contracts/waiting-list';
import { SummaryList, Tag } from '../../../components/content';
import { formatDateTime } from '../../../lib/dates';

/** docs/requirements.md §2, §3: the scoring service's status (Idle or Busy) and when it last ran. */
export function ServiceStatusPanel({
  status,
  isLoading,
  isError,
}: {
  status: ServiceStatus | undefined;
  isLoading: boolean;
  isError: boolean;
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
        <p className="nhsuk-card__description">
          The service gives every patient of a confirmed list a risk prediction. It is busy while it does.
        </p>
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
