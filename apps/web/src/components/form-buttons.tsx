import { messages } from '@esr/contracts/messages';
import { Button } from './button';

/**
 * Cancel and the form's submit button (Submit unless named otherwise); the submit button reads
 * 'Submitting...' while busy and returns on failure (docs/requirements.md §4).
 */
export function FormButtons({
  busy,
  onCancel,
  submitLabel = 'Submit',
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel?: string;
}) {
  return (
    <div className="app-button-group">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? messages.submitting : submitLabel}
      </Button>
    </div>
  );
}
