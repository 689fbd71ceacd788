/** A value of every kind the application stores, for tests that read them back through a database client. */
export const storedValuesQuery = `select $1::int as small, $2::bigint as big, $3::numeric as amount, $4::text as label,
  $5::boolean as flag, $6::jsonb as document, $7::text[] as codes, $8::timestamptz as at, $9::uuid as id,
  null::text as nothing`;

export const storedValuesParams = [
  7,
  '9007199254740993',
  '12.50',
  "O'Brien",
  true,
  { a: [1, 'two'] },
  ['cu', 'cl'],
  new Date('2026-01-02T03:04:05.000Z'),
  '00000000-0000-4000-8000-000000000001',
];
