import { useId } from 'react';

/**
 * An upload's complete page (docs/decisions/0037-what-the-confirm-will-do.md): what its confirm
 * did, one line a change, once it is known; until then, or when it cannot be shown, `pending`.
 * A live region, so that the lines are announced when they arrive.
 */
export function UploadChanges({ lines, pending }: { lines: readonly string[] | null; pending: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>What the upload changed</h2>
      <div role="status">
        {lines ? (
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p>{pending}</p>
        )}
      </div>
    </section>
  );
}
