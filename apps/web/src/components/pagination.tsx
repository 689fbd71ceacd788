import { paginationRange, totalPagesOf } from '../lib/pagination';

interface PaginationProps {
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  onChange: (page: number) => void;
  /** Names the navigation when a page has more than one paged list. */
  label?: string;
  /** The address of a page, for opening it in a new tab; by default the list's own ?page=. */
  hrefFor?: (page: number) => string;
}

/** NHS.UK numbered pagination with one sibling page and dots (docs/requirements.md §9). */
export function Pagination({
  pageNumber,
  pageSize,
  totalCount,
  onChange,
  label = 'Pagination',
  hrefFor = (page) => `?page=${page}`,
}: PaginationProps) {
  const totalPages = totalPagesOf(totalCount, pageSize);
  if (totalPages <= 1) return null;
  const go = (page: number) => (event: React.MouseEvent) => {
    event.preventDefault();
    onChange(page);
  };
  return (
    <nav className="nhsuk-pagination nhsuk-pagination--numbered" role="navigation" aria-label={label}>
      {pageNumber > 1 && (
        <div className="nhsuk-pagination__previous">
          <a
            className="nhsuk-link nhsuk-pagination__link"
            href={hrefFor(pageNumber - 1)}
            rel="prev"
            onClick={go(pageNumber - 1)}
          >
            <span className="nhsuk-pagination__title">
              Previous<span className="nhsuk-u-visually-hidden"> page</span>
            </span>
          </a>
        </div>
      )}
      <ul className="nhsuk-pagination__list">
        {paginationRange(pageNumber, totalPages).map((item, index) =>
          item === 'dots' ? (
            <li className="nhsuk-pagination__item nhsuk-pagination__item--ellipsis" key={`dots-${index}`}>
              {/* JSX knows no &ctdot; entity: the character itself, as NHS.UK pagination shows it. */}
              {'\u22ef'}
            </li>
          ) : (
            <li
              className={`nhsuk-pagination__item${item === pageNumber ? ' nhsuk-pagination__item--current' : ''}`}
              key={item}
            >
              <a
                className="nhsuk-link nhsuk-pagination__link"
                href={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === pageNumber ? 'page' : undefined}
                onClick={go(item)}
              >
                {item}
              </a>
            </li>
          ),
        )}
      </ul>
      {pageNumber < totalPages && (
        <div className="nhsuk-pagination__next">
          <a
            className="nhsuk-link nhsuk-pagination__link"
            href={hrefFor(pageNumber + 1)}
            rel="next"
            onClick={go(pageNumber + 1)}
          >
            <span className="nhsuk-pagination__title">
              Next<span className="nhsuk-u-visually-hidden"> page</span>
            </span>
          </a>
        </div>
      )}
    </nav>
  );
}
