/**
 * An evaluation's contributions as stored (decision 0032): each feature's contribution in the
 * model's feature order, 8 bytes each, IEEE 754 big-endian as PostgreSQL's float8send writes them.
 * They travel to and from the database as base64 text, which both databases' drivers pass as it is:
 * writing them as decimal text cost more than scoring the records.
 */

/** Contributions `from` to `to` of `values`, as the base64 text of their stored bytes. */
export function packContributions(values: ArrayLike<number>, from = 0, to = values.length): string {
  const bytes = Buffer.allocUnsafe((to - from) * 8);
  for (let i = from; i < to; i++) bytes.writeDoubleBE(values[i]!, (i - from) * 8);
  return bytes.toString('base64');
}

/** The contributions of stored bytes. */
export function unpackContributions(bytes: Uint8Array): Float64Array {
  if (bytes.byteLength % 8 !== 0) throw new Error('Stored contributions are not whole 8-byte numbers');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float64Array(bytes.byteLength / 8);
  for (let i = 0; i < values.length; i++) values[i] = view.getFloat64(i * 8, false);
  return values;
}
