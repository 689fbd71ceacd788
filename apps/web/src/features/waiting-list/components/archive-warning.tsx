import type { FormEvent } from 'react';
import { archiveCountMessages, type ArchiveWarning } from '@esr/contracts/archive-warning';
import { WarningCallout } from '../../../components/content';
import { TextInput } from '../../../components/form-fields';
import { archiveCountFieldId } from '../lib/archive-count';

/**
 * The summary's warning that confirming would take a large share of the list off it
 * (docs/decisions/0053-archive-warning-on-confirm.md), in the server's words: the rule and the
 * counts are the API's, never worked out again here.
 */
export function ArchiveWarningCallout({ warning }: { warning: ArchiveWarning }) {
  return (
    <WarningCallout heading="Check this is the whole list">
      <p>{warning.sentence}</p>
      <p>
        A list this much shorter than the current one usually means the file is not the whole list: a page, a
        filter or part of the export is missing. Check the file before you confirm.
      </p>
    </WarningCallout>
  );
}

/**
 * The number typed to confirm. A form of its own, so that Enter in the field confirms as the
 * Confirm button does; the button stays enabled, and a missing or wrong number is an error on the
 * field and in the error summary (NHS.UK error patterns).
 */
export function ArchiveCountField({
  value,
  error,
  onChange,
  onSubmit,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit}>
      <TextInput
        id={archiveCountFieldId}
        name="archiveCount"
        label={archiveCountMessages.label}
        labelClassName="nhsuk-label--s"
        hint={archiveCountMessages.hint}
        error={error}
        width={10}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </form>
  );
}
