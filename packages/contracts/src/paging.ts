import { z } from 'zod';
import { decimalNumber } from './text-rules.js';

/** The words of the paging parameters, the same on every list. */
export const pageNumberDescription = 'The page to answer, from 1';
export const pageSizeDescription = 'How many items a page holds, 1 to 100';

export const pageQuerySchema = z.object({
  pageNumber: decimalNumber(z.number().int().min(1)).default(1).describe(pageNumberDescription),
  pageSize: decimalNumber(z.number().int().min(1).max(100)).default(15).describe(pageSizeDescription),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item).describe('The items of the page, in the list’s order'),
    pageNumber: z.number().int().describe('The page answered, from 1'),
    pageSize: z.number().int().describe('How many items a page holds'),
    totalCount: z.number().int().describe('How many items the whole list holds, over every page'),
  });
}

/** docs/requirements.md §9 page sizes. */
export const pageSizes = {
  standard: 15,
  recentUploads: 5,
  riskHistory: 20,
} as const;
