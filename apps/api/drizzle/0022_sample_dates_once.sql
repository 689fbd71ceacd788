-- Decision 0032. A pathway's sample dates are kept as the latest date once (`sampled`) and each test
-- sampled on another day by its own name, instead of a date for every test: most patients' tests
-- were taken on one day, and the dates were a third of what an import staged. Pathways stored
-- before are rewritten the same way, the tests in the order they had; an empty record stays empty.
UPDATE "pathways" p SET "lab_dates" = d.compact
FROM (
  SELECT p2."id",
    ('{"sampled":' || to_json(m.latest)::text
      || coalesce(string_agg(',' || to_json(e.key)::text || ':' || to_json(e.value)::text, '' ORDER BY e.n)
        FILTER (WHERE e.value <> m.latest), '')
      || '}')::json AS compact
  FROM "pathways" p2
  CROSS JOIN LATERAL json_each_text(p2."lab_dates") WITH ORDINALITY AS e(key, value, n)
  CROSS JOIN LATERAL (SELECT max(value) AS latest FROM json_each_text(p2."lab_dates")) m
  WHERE json_typeof(p2."lab_dates") = 'object' AND NOT (p2."lab_dates"::jsonb ? 'sampled')
  GROUP BY p2."id", m.latest
) d
WHERE p."id" = d."id";
