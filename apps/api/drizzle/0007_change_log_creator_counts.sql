-- Change-log entries per person making the change (docs/decisions/0013-prepared-statements-and-role-mask.md).
--
-- A search by who made the change counted every matching entry and sorted them all for one page.
-- With these counters its total is a sum over the matching people, and its page takes each
-- person's newest entries from change_log_created_by_prefix_idx, already in order. Kept, like
-- change_log_counts (migration 0003), by a statement trigger: a bulk insert is one update.
CREATE TABLE "change_log_creator_counts" (
  "creator" text COLLATE "C" NOT NULL,
  "trust_code" text NOT NULL,
  "audience" text NOT NULL,
  "entry_count" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "change_log_creator_counts_creator_trust_code_audience_pk" PRIMARY KEY ("creator", "trust_code", "audience")
);
--> statement-breakpoint
CREATE FUNCTION change_log_creator_counts_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO change_log_creator_counts (creator, trust_code, audience, entry_count)
  SELECT lower(created_by), COALESCE(trust_code, ''), audience, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (creator, trust_code, audience)
    DO UPDATE SET entry_count = change_log_creator_counts.entry_count + EXCLUDED.entry_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER change_log_creator_counts_insert AFTER INSERT ON change_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_creator_counts_insert();
--> statement-breakpoint
INSERT INTO change_log_creator_counts (creator, trust_code, audience, entry_count)
SELECT lower(created_by), COALESCE(trust_code, ''), audience, count(*) FROM change_log GROUP BY 1, 2, 3;
