import { Fragment, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  changeSegment,
  pasteIntoSegment,
  previousSegment,
  segmentLengths,
  type NhsNumberSegments,
  type SegmentChange,
} from '../lib/nhs-number-segments';

const partLabels = ['First 3 digits', 'Next 3 digits', 'Last 4 digits'] as const;

/** The id of the NHS number's first box, where an error summary link goes. */
export const nhsNumberFieldId = 'nhsNumber-1';

/** What the three boxes do as the user types, pastes and deletes. */
function useSegmentBoxes(segments: NhsNumberSegments, onChange: (segments: NhsNumberSegments) => void) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number, caret?: number) => {
    const input = inputs.current[index];
    if (!input) return;
    input.focus();
    const at = Math.min(caret ?? input.value.length, input.value.length);
    input.setSelectionRange(at, at);
  };
  const apply = (index: number, next: SegmentChange) => {
    // The boxes hold the new text before the focus moves, so that the next key typed (however
    // fast) goes into the box the focus moved to.
    flushSync(() => onChange(next.segments));
    if (next.focus !== index || next.caret !== undefined) focusBox(next.focus, next.caret);
  };
  const change = (index: number, input: HTMLInputElement) =>
    apply(index, changeSegment(segments, index, input.value, input.selectionStart ?? input.value.length));
  const paste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    event.preventDefault();
    const start = input.selectionStart ?? input.value.length;
    apply(
      index,
      pasteIntoSegment(
        segments,
        index,
        event.clipboardData.getData('text'),
        start,
        input.selectionEnd ?? start,
      ),
    );
  };
  const keyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Backspace') return;
    const previous = previousSegment(index, event.currentTarget.value);
    if (previous === null) return;
    event.preventDefault();
    focusBox(previous);
  };
  return { inputs, change, paste, keyDown };
}

/**
 * docs/requirements.md §2: the NHS number in three boxes, 3-3-4, with hyphens between them. The boxes
 * show one number of at most 10 digits: typing past the end of a box, or into a full one, flows on
 * into the next boxes; a whole number (with or without spaces or hyphens) pasted into any box fills
 * all three; Backspace in an empty box goes back to the one before.
 */
export function NhsNumberInput({
  segments,
  onChange,
  error,
  disabled,
}: {
  segments: NhsNumberSegments;
  onChange: (segments: NhsNumberSegments) => void;
  error: string | undefined;
  disabled?: boolean;
}) {
  const { inputs, change, paste, keyDown } = useSegmentBoxes(segments, onChange);
  const describedBy = ['nhsNumber-hint', error ? 'nhsNumber-error' : ''].filter(Boolean).join(' ');
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <fieldset className="nhsuk-fieldset" role="group" aria-describedby={describedBy}>
        <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--s">NHS number</legend>
        <div className="nhsuk-hint" id="nhsNumber-hint">
          A 10-digit number, for example 485 777 3456. You can paste the whole number into any box.
        </div>
        {error && (
          <span className="nhsuk-error-message" id="nhsNumber-error">
            <span className="nhsuk-u-visually-hidden">Error:</span> {error}
          </span>
        )}
        <div className="app-nhs-number">
          {segments.map((segment, index) => (
            <Fragment key={partLabels[index]}>
              <div className="app-nhs-number__part">
                <label className="nhsuk-label nhsuk-u-visually-hidden" htmlFor={`nhsNumber-${index + 1}`}>
                  {partLabels[index]}
                </label>
                <input
                  ref={(element) => {
                    inputs.current[index] = element;
                  }}
                  className={`nhsuk-input nhsuk-input--width-${segmentLengths[index as 0 | 1 | 2] === 4 ? 4 : 3}${
                    error ? ' nhsuk-input--error' : ''
                  }`}
                  id={`nhsNumber-${index + 1}`}
                  name={`nhsNumber-${index + 1}`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  value={segment}
                  disabled={disabled}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => change(index, event.currentTarget)}
                  onPaste={paste(index)}
                  onKeyDown={keyDown(index)}
                />
              </div>
              {index < 2 && (
                <span className="app-nhs-number__separator" aria-hidden="true">
                  -
                </span>
              )}
            </Fragment>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
