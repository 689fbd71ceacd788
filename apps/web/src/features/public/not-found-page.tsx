import { StartPageLink } from './start-page-link';

/**
 * An address no page has (docs/decisions/0036-page-titles-focus-and-not-found.md): says so, for
 * signed-in users and visitors alike, with the way back to the start.
 */
export function NotFoundPage() {
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1>Page not found</h1>
        <p>If you typed the web address, check it is correct.</p>
        <p>If you pasted the web address, check you copied the entire address.</p>
        <StartPageLink />
      </div>
    </div>
  );
}
