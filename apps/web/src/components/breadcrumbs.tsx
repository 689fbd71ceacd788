import { Link } from 'react-router';
import type { Crumb } from '../lib/breadcrumbs';
import { DataText } from './data-text';

/**
 * NHS.UK breadcrumb; the last crumb is the current page, not a link (docs/requirements.md §2). A
 * crumb may be a patient's name, so each is isolated (DataText).
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const parent = [...crumbs].reverse().find((crumb) => crumb.href);
  return (
    <div className="nhsuk-width-container">
      <nav className="nhsuk-breadcrumb" aria-label="Breadcrumb">
        <ol className="nhsuk-breadcrumb__list">
          {crumbs.map((crumb, index) => (
            <li className="nhsuk-breadcrumb__list-item" key={`${index}-${crumb.text}`}>
              {crumb.href ? (
                <Link className="nhsuk-breadcrumb__link" to={crumb.href}>
                  <DataText text={crumb.text} />
                </Link>
              ) : (
                <span aria-current="page">
                  <DataText text={crumb.text} />
                </span>
              )}
            </li>
          ))}
        </ol>
        {parent?.href && (
          <Link className="nhsuk-back-link" to={parent.href}>
            <span className="nhsuk-u-visually-hidden">Back to </span>
            <DataText text={parent.text} />
          </Link>
        )}
      </nav>
    </div>
  );
}
