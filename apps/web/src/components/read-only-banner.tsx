import type { ClientConfig } from '@esr/contracts/identity';
import { readOnlyMessage } from '@esr/contracts/read-only';
import { NotificationBanner } from './content';

/**
 * Shown on every screen while the service is read-only for downtime (decision 0067), in the words
 * the API answers a write with: people learn before they start a change that it cannot be saved.
 * Buttons stay as they are (NHS.UK: do not disable buttons); a save meets the same message in its
 * form's error summary.
 */
export function ReadOnlyBanner({ readOnly }: { readOnly: ClientConfig['readOnly'] | undefined }) {
  if (!readOnly) return null;
  return (
    <NotificationBanner title="Important">
      <p className="nhsuk-notification-banner__heading">{readOnlyMessage(readOnly.until)}</p>
    </NotificationBanner>
  );
}
