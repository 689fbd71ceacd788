import { UnknownProcedureNotice } from '../../../components/unknown-procedure';
import { paths } from '../../../config/paths';

/** A screen's heading, with the type of operation above it once the procedures have loaded. */
export function ProcedureHeading({ title, name }: { title: string; name: string | undefined }) {
  return (
    <h1>
      {name && (
        <span className="nhsuk-caption-l">
          {name}
          <span className="nhsuk-u-visually-hidden"> - </span>
        </span>
      )}
      {title}
    </h1>
  );
}

export function UnknownOpenPathwaysType() {
  return <UnknownProcedureNotice title="Manage open pathways" chooseHref={paths.manageOpenPathways()} />;
}
