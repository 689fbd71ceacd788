import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@esr/contracts/messages';

/** A dashboard counter (docs/requirements.md §2): heading, number and, when it has one, a link named for its list. */
export function CounterCard({
  title,
  value,
  isLoading,
  isError,
  linkText,
  linkTo,
  headingLevel = 2,
  children,
}: {
  title: string;
  /** 3 when the cards sit under a heading of their own. */
  headingLevel?: 2 | 3;
  value: number | undefined;
  isLoading: boolean;
  isError: boolean;
  linkText?: string;
  linkTo?: string;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className="nhsuk-card app-counter-card">
      <div className="nhsuk-card__content">
        <Heading className="nhsuk-card__heading nhsuk-heading-m">{title}</Heading>
        <p className="app-counter-card__value">
          {isLoading ? messages.loading : isError ? messages.notAvailable : value?.toLocaleString('en-GB')}
        </p>
        {linkText && linkTo && (
          <Link className="nhsuk-link" to={linkTo}>
            {linkText}
            <span className="nhsuk-u-visually-hidden"> {title.toLowerCase()}</span>
          </Link>
        )}
        {children}
      </div>
    </div>
  );
}

/** NHS.UK action link, for the dashboards' Add links. */
export function ActionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div className="nhsuk-action-link">
      <Link className="nhsuk-action-link__link" to={to}>
        <svg
          className="nhsuk-icon nhsuk-icon__arrow-right-circle"
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          width="36"
          height="36"
        >
          <path d="M0 0h24v24H0z" fill="none" />
          <path d="M12 2a10 10 0 0 0-9.95 9h11.64L9.74 7.05a1 1 0 0 1 1.41-1.41l5.66 5.65a1 1 0 0 1 0 1.42l-5.66 5.65a1 1 0 0 1-1.41 0 1 1 0 0 1 0-1.41L13.69 13H2.05A10 10 0 1 0 12 2z" />
        </svg>
        <span className="nhsuk-action-link__text">{children}</span>
      </Link>
    </div>
  );
}
