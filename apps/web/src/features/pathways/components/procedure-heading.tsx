import type { ProcedureCode } from '@esr/contracts/procedures';
import { CaptionHeading } from '../../../components/caption-heading';
import { ListDataAsAt } from '../../../components/data-freshness';
import { UnknownProcedureNotice } from '../../../components/unknown-procedure';
import { paths } from '../../../config/paths';

/**
 * A screen's heading, with the type of operation above it once the procedures have loaded, and
 * under it, on a screen of the list's pathways, the date of the list they come from (decision 0068).
 */
export function ProcedureHeading({
  title,
  name,
  listOf,
}: {
  title: string;
  name: string | undefined;
  listOf?: ProcedureCode;
}) {
  return (
    <>
      <CaptionHeading title={title} caption={name} />
      {listOf && <ListDataAsAt procedure={listOf} />}
    </>
  );
}

export function UnknownOpenPathwaysType() {
  return <UnknownProcedureNotice title="Manage open pathways" chooseHref={paths.manageOpenPathways()} />;
}
