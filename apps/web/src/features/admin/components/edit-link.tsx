import { Link } from 'react-router';

/** docs/requirements.md §2 "edit icon": a pencil with the word Edit, named for screen readers. */
export function EditLink({ to, what }: { to: string; what: string }) {
  return (
    <Link className="app-edit-link" to={to}>
      <svg
        className="app-edit-link__icon"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        width="20"
        height="20"
      >
        <path
          fill="currentColor"
          d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
        />
      </svg>
      Edit<span className="nhsuk-u-visually-hidden"> {what}</span>
    </Link>
  );
}
