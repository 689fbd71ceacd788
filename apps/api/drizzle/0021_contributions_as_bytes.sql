-- Decision 0032. An evaluation's contributions are kept as bytes (8 a feature, IEEE 754 big-endian,
-- as float8send writes them) instead of an array of numbers: writing 100,000 evaluations spent most
-- of its time turning 2.5 million numbers into text and the database parsing them back. Evaluations
-- stored before are converted, each number to the same eight bytes.
CREATE FUNCTION "esr_pack_float8"(double precision[]) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS
  $$ select coalesce(string_agg(float8send(c), ''::bytea order by o), ''::bytea)
     from unnest($1) with ordinality as t(c, o) $$;--> statement-breakpoint
ALTER TABLE "evaluations" ALTER COLUMN "feature_contributions" SET DATA TYPE bytea
  USING "esr_pack_float8"("feature_contributions");--> statement-breakpoint
DROP FUNCTION "esr_pack_float8"(double precision[]);
