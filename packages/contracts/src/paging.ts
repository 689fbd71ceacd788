import { z } from 'zod';
import { decimalNumber } from './text-rules.js';

/** docs/requirements.md §9 page sizes. */
export const pageSizes = {
  standard: 15,
  recentUploads: 5,
  riskHistory: 20,
} as const;

/** The words of the paging parameters, the same on every list. */
const pageNumberDescription = 'The page to answer, from 1';
const pageSizeDescription = 'How many items a page holds, 1 to 100';

/**
 * The paging parameters of a list's query: the page, from 1 (up to `maxPageNumber` where the list
 * bounds it), and how many items it holds, 1 to 100 (`defaultPageSize` when the query leaves it out).
 */
export function pageQueryFields({
  maxPageNumber,
  defaultPageSize = pageSizes.standard,
}: { maxPageNumber?: number; defaultPageSize?: number } = {}) {
  const pageNumber = z.number().int().min(1);
  return {
    pageNumber: decimalNumber(maxPageNumber === undefined ? pageNumber : pageNumber.max(maxPageNumber))
      .default(1)
      .describe(pageNumberDescription),
    pageSize: decimalNumber(z.number().int().min(1).max(100))
      .default(defaultPageSize)
      .describe(pageSizeDescription),
  };
}

export const pageQuerySchema = z.object(pageQueryFields());

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item).describe('The items of the page, in the list’s order'),
    pageNumber: z.number().int().describe('The page answered, from 1'),
    pageSize: z.number().int().describe('How many items a page holds'),
    totalCount: z.number().int().describe('How many items the whole list holds, over every page'),
  });
}
