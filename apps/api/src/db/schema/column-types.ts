import { customType } from 'drizzle-orm/pg-core';

/** Raw file bytes (uploaded models and import files), as Buffers on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
