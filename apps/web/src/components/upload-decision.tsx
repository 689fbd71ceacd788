import { importMessages } from '@esr/contracts/waiting-list';
import { Button } from './button';
import { InsetText } from './content';

/**
 * The end of an upload's summary (docs/requirements.md §2, §4): Confirm and Cancel; an upload already
 * decided says so and offers to start again; one that cannot be confirmed says why (`blockedText`),
 * its Confirm disabled, or not shown at all (`blockedConfirm: 'hidden'`). A confirm with serious
 * consequences (`confirmVariant: 'warning'`) is the NHS.UK warning button.
 */
export function UploadDecision({
  decided,
  blocked,
  blockedText,
  blockedConfirm = 'disabled',
  confirmVariant = 'primary',
  busy,
  labels,
  onConfirm,
  onCancel,
}: {
  decided: boolean;
  /** The upload cannot be confirmed (a file with errors, or not validated). */
  blocked: boolean;
  blockedText: string;
  blockedConfirm?: 'disabled' | 'hidden';
  confirmVariant?: 'primary' | 'warning';
  busy: 'confirm' | 'cancel' | null;
  /** The buttons' words: Confirm, Cancel, and Cancel once the upload is decided. */
  labels: { confirm: string; cancel: string; restart: string };
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirmDisabled = blocked || busy !== null;
  const showConfirm = !decided && (!blocked || blockedConfirm === 'disabled');
  return (
    <>
      {decided ? (
        <InsetText>
          <p>{importMessages.alreadyDecided}</p>
        </InsetText>
      ) : (
        blocked && (
          <InsetText>
            <p>{blockedText}</p>
          </InsetText>
        )
      )}
      <div className="app-button-group">
        {showConfirm && (
          <Button
            variant={confirmVariant}
            disabled={confirmDisabled}
            aria-disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {busy === 'confirm' ? 'Confirming...' : labels.confirm}
          </Button>
        )}
        <Button variant="secondary" disabled={busy !== null} onClick={onCancel}>
          {decided ? labels.restart : labels.cancel}
        </Button>
      </div>
    </>
  );
}
