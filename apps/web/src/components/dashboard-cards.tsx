import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CounterCard } from './counter-card';

/** A list's counter on a dashboard (docs/requirements.md §2), with a Manage link to the list. */
export interface ManagedCounter {
  title: string;
  value: number | undefined;
  linkTo: string;
}

/** A card that leads to another screen: its heading, what that screen holds, and a link. */
export interface LinkCardContent {
  title: string;
  description: string;
  linkText: string;
  to: string;
}

function CardGroupItem({ width, children }: { width: string; children: ReactNode }) {
  return <li className={`nhsuk-grid-column-${width} nhsuk-card-group__item`}>{children}</li>;
}

function LinkCard({ title, description, linkText, to }: LinkCardContent) {
  return (
    <div className="nhsuk-card app-counter-card">
      <div className="nhsuk-card__content">
        <h2 className="nhsuk-card__heading nhsuk-heading-m">{title}</h2>
        <p className="nhsuk-card__description">{description}</p>
        <Link className="nhsuk-link" to={to}>
          {linkText}
          <span className="nhsuk-u-visually-hidden">{` ${title.toLowerCase()}`}</span>
        </Link>
      </div>
    </div>
  );
}

/**
 * A dashboard's row of cards, each `width` of the row: a counter for each list (all read by one
 * query, so loading and failing together), then the cards that only link.
 */
export function DashboardCards({
  width,
  query,
  counters,
  links,
}: {
  width: 'one-third' | 'one-half';
  query: { isLoading: boolean; isError: boolean };
  counters: ManagedCounter[];
  links: LinkCardContent[];
}) {
  return (
    <ul className="nhsuk-grid-row nhsuk-card-group">
      {counters.map((counter) => (
        <CardGroupItem key={counter.title} width={width}>
          <CounterCard
            title={counter.title}
            value={counter.value}
            isLoading={query.isLoading}
            isError={query.isError}
            linkText="Manage"
            linkTo={counter.linkTo}
          />
        </CardGroupItem>
      ))}
      {links.map((link) => (
        <CardGroupItem key={link.title} width={width}>
          <LinkCard {...link} />
        </CardGroupItem>
      ))}
    </ul>
  );
}
