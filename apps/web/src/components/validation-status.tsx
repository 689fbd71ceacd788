import { anyStillValidating, filesAnnouncement, type ValidatingFile } from '../lib/upload-status';
import { Table } from './content';
import { DataText } from './data-text';
import { StatusTag } from './status-tag';

/**
 * docs/requirements.md §2, §4: each file's validation status as a tag, announced as it changes; one
 * file of an upload (an outcomes file) or several (a waiting list and its blood tests).
 */
export function ValidationStatus({ files }: { files: readonly ValidatingFile[] }) {
  const validating = anyStillValidating(files);
  const one = files.length === 1;
  return (
    <>
      <Table
        caption={one ? 'Validation status of the file' : 'Validation status of each file'}
        captionHidden
        rowKey={(file) => file.label}
        rows={[...files]}
        columns={[
          { header: 'File', cell: (file) => file.label },
          { header: 'File name', cell: (file) => <DataText text={file.fileName} /> },
          { header: 'Status', cell: (file) => <StatusTag status={file.status} /> },
        ]}
      />
      {validating && (
        <p className="nhsuk-body">
          {one
            ? 'The file is being checked. This page updates by itself when it is done.'
            : 'The files are being checked. This page updates by itself when they are done.'}
        </p>
      )}
      <p className="nhsuk-u-visually-hidden" role="status">
        {filesAnnouncement(files)}
        {validating ? '' : ' The upload summary follows.'}
      </p>
    </>
  );
}
