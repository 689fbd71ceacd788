import type { ReactNode } from 'react';

/** A part of a patient screen about the pathway, named by its heading (an h2 with `headingId`). */
export function PathwaySection({
  headingId,
  heading,
  className,
  children,
}: {
  headingId: string;
  heading: string;
  /** Its space from what is around it. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 className="nhsuk-heading-m" id={headingId}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
