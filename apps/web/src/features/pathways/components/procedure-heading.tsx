import { CaptionHeading } from '../../../components/caption-heading';
import { UnknownProcedureNotice } from '../../../components/unknown-procedure';
import { paths } from '../../../config/paths';

/** A screen's heading, with the type of operation above it once the procedures have loaded. */
export function ProcedureHeading({ title, name }: { title: string; name: string | undefined }) {
  return <CaptionHeading title={title} caption={name} />;
}

export function UnknownOpenPathwaysType() {
  return <UnknownProcedureNotice title="Manage open pathways" chooseHref={paths.manageOpenPathways()} />;
}
