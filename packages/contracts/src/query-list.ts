import { z } from 'zod';

/**
 * How a list-valued query parameter may be written, for its description: clients write lists both
 * ways, and OpenAPI's default for an array in the query (`style: form, explode: true`) is the
 * repeated one.
 */
export const queryListWording = 'Comma-separated (`a,b`) or repeated (`name=a&name=b`); both may be mixed.';

/** The items of a list-valued query parameter as the query parser hands it over: one string, or an array of them. */
export function queryListItems(value: unknown): unknown {
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  // Anything but text is left as it is, for the array schema to refuse.
  if (!values.every((item) => typeof item === 'string')) return value;
  return values.flatMap((item: string) => item.split(',').map((part) => part.trim())).filter(Boolean);
}

/**
 * A list-valued query parameter that takes `name=a,b` as well as `name=a&name=b`, read as the one
 * list of trimmed, non-empty items, in order. In the OpenAPI document it is an array of its items,
 * which the default serialisation (form, exploded) sends as the repeated form. An item the item
 * schema refuses is answered under the parameter's own name, as a refused single value is, not
 * under its position in a list the caller may not have written as one.
 */
export const queryList = <Item extends z.ZodType<string, string>>(
  item: Item,
  options: { maxItems: number; minItems?: { count: number; message: string } },
) => {
  let list = z.array(item).max(options.maxItems);
  if (options.minItems) list = list.min(options.minItems.count, options.minItems.message);
  return z.preprocess((value, context) => {
    const items = queryListItems(value);
    if (!Array.isArray(items)) return items;
    for (const part of items) {
      const checked = item.safeParse(part);
      if (!checked.success)
        for (const issue of checked.error.issues)
          context.addIssue({ code: 'custom', message: issue.message, input: part });
    }
    return items;
  }, list);
};
