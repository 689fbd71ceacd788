import { z } from 'zod';

/**
 * A figure hidden to protect a small group (decision 0052): the group has fewer than 10 people, or
 * showing it would let a reader work out such a group from the totals and the other groups. Both
 * read the same, so that which of the two it is cannot narrow down the hidden size.
 */
export const hiddenFigure = 'hidden' as const;

export const hiddenFigureSchema = z
  .literal(hiddenFigure)
  .describe(
    'hidden: fewer than 10, or hidden so that a group of fewer than 10 cannot be worked out from the totals and the other groups; nothing else of it is shown',
  );

/** What a hidden figure says on the screens and in documents. */
export const hiddenFigureText = 'Hidden';

/** What `Hidden` means, beside each table that may show it; `people` as "patients" or "pathways". */
export const hiddenFigureMeaning = (people: string) =>
  `‘Hidden’ means the group has fewer than 10 ${people}, or that showing it would let someone work out a group of fewer than 10 from the totals and the other groups.`;
