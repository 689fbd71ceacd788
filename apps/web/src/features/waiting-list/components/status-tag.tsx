import { Tag } from '../../../components/content';
import { statusTag, type AnyUploadStatus } from '../lib/file-status';

/** A file's or an import's status as an NHS.UK tag (docs/requirements.md §4 colours). */
export function StatusTag({ status }: { status: AnyUploadStatus }) {
  const { colour, label } = statusTag(status);
  return <Tag colour={colour}>{label}</Tag>;
}
