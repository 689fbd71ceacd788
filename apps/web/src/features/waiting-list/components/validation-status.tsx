import type { UploadStatus } from '@esr/contracts/waiting-list';
import { Table } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { stillValidating, validationAnnouncement } from '../lib/file-status';
import { StatusTag } from './status-tag';

interface FileRow {
  key: string;
  file: string;
  entry: UploadStatus['waiting_list'];
}

/** docs/requirements.md §2, §4: each file's validation status as a tag, announced as it changes. */
export function ValidationStatus({ status }: { status: UploadStatus }) {
  const rows: FileRow[] = [
    { key: 'waiting-list', file: 'Waiting list file', entry: status.waiting_list },
    { key: 'blood-test', file: 'Blood test file', entry: status.blood_test },
  ];
  const validating = stillValidating(status);
  return (
    <>
      <Table
        caption="Validation status of each file"
        captionHidden
        rowKey={(row) => row.key}
        rows={rows}
        columns={[
          { header: 'File', cell: (row) => row.file },
          { header: 'File name', cell: (row) => <DataText text={row.entry.fileName} /> },
          { header: 'Status', cell: (row) => <StatusTag status={row.entry.status} /> },
        ]}
      />
      {validating && (
        <p className="nhsuk-body">
          The files are being checked. This page updates by itself when they are done.
        </p>
      )}
      <p className="nhsuk-u-visually-hidden" role="status">
        {validationAnnouncement(status)}
        {validating ? '' : ' The upload summary follows.'}
      </p>
    </>
  );
}
