import { Link } from 'react-router';
import { InsetText } from './content';

/** An address naming no known type of operation (typed by hand, or an old bookmark). */
export function UnknownProcedureNotice({ title, chooseHref }: { title: string; chooseHref: string }) {
  return (
    <>
      <h1>{title}</h1>
      <InsetText>
        <p>This type of operation does not exist.</p>
      </InsetText>
      <p>
        <Link className="nhsuk-link" to={chooseHref}>
          Choose the type of operation
        </Link>
      </p>
    </>
  );
}
