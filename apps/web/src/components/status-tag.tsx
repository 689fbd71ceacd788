import { statusTag } from '../lib/upload-status';
import { Tag } from './content';

/**
 * A file's or an import's status as an NHS.UK tag (docs/requirements.md §4 colours), in the upload
 * list's own words (`label`) when it gives them.
 */
export function StatusTag({ status, label }: { status: string; label?: string | undefined }) {
  const tag = statusTag(status, label);
  return <Tag colour={tag.colour}>{tag.label}</Tag>;
}
