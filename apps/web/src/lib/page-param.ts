/** A page number from the address; anything but a whole number from 1 up is the first page. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}
