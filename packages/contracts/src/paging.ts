import { z } from 'zod';

export const pageQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
  });
}

/** docs/requirements.md §9 page sizes. */
export const pageSizes = {
  standard: 15,
  recentUploads: 5,
  riskHistory: 20,
} as const;
