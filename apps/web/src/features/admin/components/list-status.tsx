import { messages } from '@esr/contracts/messages';

/**
 * spec §8 admin list states: 'Loading data' while loading, 'some error occurred! Click here to
 * try again.' with a working retry when loading fails, 'No Records found.' when empty.
 */
export function ListStatus({
  isLoading,
  isError,
  isEmpty,
  onRetry,
}: {
  isLoading: boolean;
  isError: boolean;
  isEmpty: boolean;
  onRetry: () => void;
}) {
  if (isLoading)
    return (
      <p className="nhsuk-body" role="status">
        {messages.loading}
      </p>
    );
  if (isError)
    return (
      <p className="nhsuk-body app-list-error" role="alert">
        <button type="button" className="app-link-button" onClick={onRetry}>
          {messages.listLoadFailed}
        </button>
      </p>
    );
  if (isEmpty)
    return (
      <p className="nhsuk-body" role="status">
        {messages.noRecords}
      </p>
    );
  return null;
}
