import { useState } from 'react';
import { Button } from './button';
import { Radios } from './form-fields';

export type ExportFileType = 'csv' | 'xlsx';
const fileTypes: { value: ExportFileType; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel' },
];

/**
 * Export worklist: the file type as radios (CSV or Excel) and the button. `onExport` saves the file
 * and resolves to its name, announced here; a failure is the page's to show, in its error summary
 * (`onFailure`, called with null as a new export starts).
 */
export function ExportFileForm({
  hint,
  busy,
  onExport,
  onFailure,
}: {
  hint: string;
  busy: boolean;
  onExport: (fileType: ExportFileType) => Promise<string>;
  onFailure: (error: unknown) => void;
}) {
  const [fileType, setFileType] = useState<ExportFileType>('csv');
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        setSaved(null);
        onFailure(null);
        onExport(fileType).then(setSaved, onFailure);
      }}
    >
      <Radios
        name="export-file-type"
        legend="Export worklist"
        legendClassName="nhsuk-fieldset__legend--s"
        hint={hint}
        inline
        small
        items={fileTypes}
        selected={[fileType]}
        onChange={(value) => setFileType(value as ExportFileType)}
      />
      <Button type="submit" variant="secondary" aria-disabled={busy || undefined}>
        {busy ? 'Exporting worklist…' : 'Export worklist'}
      </Button>
      <p className="nhsuk-body-s" role="status">
        {saved ? `The worklist has been saved as ${saved}.` : ''}
      </p>
    </form>
  );
}
