-- Counters for the admin lists (docs/decisions/0011-admin-list-performance.md): counting a
-- million change-log rows or fifty thousand users on every page view is too slow on PGlite, so
-- statement triggers keep per-trust totals. Transition tables make a bulk insert one update.
CREATE FUNCTION change_log_counts_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO change_log_counts (trust_code, audience, entry_count)
  SELECT COALESCE(trust_code, ''), audience, count(*) FROM new_rows GROUP BY 1, 2
  ON CONFLICT (trust_code, audience) DO UPDATE SET entry_count = change_log_counts.entry_count + EXCLUDED.entry_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER change_log_counts_insert AFTER INSERT ON change_log
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_counts_insert();
--> statement-breakpoint
-- security baseline "Audit and logging": the change log is append-only.
CREATE FUNCTION change_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'change_log is append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER change_log_no_update_or_delete BEFORE UPDATE OR DELETE ON change_log
  FOR EACH ROW EXECUTE FUNCTION change_log_append_only();
--> statement-breakpoint
CREATE TRIGGER change_log_no_truncate BEFORE TRUNCATE ON change_log
  FOR EACH STATEMENT EXECUTE FUNCTION change_log_append_only();
--> statement-breakpoint
CREATE FUNCTION user_counts_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_counts (trust_code, status, user_count)
  SELECT trust_code, status, count(*) FROM new_rows GROUP BY 1, 2
  ON CONFLICT (trust_code, status) DO UPDATE SET user_count = user_counts.user_count + EXCLUDED.user_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION user_counts_update() RETURNS trigger AS $$
BEGIN
  -- Only moves between trusts or statuses touch the counters (a sign-in binding does not).
  INSERT INTO user_counts (trust_code, status, user_count)
  SELECT trust_code, status, sum(delta) FROM (
    SELECT trust_code, status, 1 AS delta FROM new_rows
    UNION ALL
    SELECT trust_code, status, -1 AS delta FROM old_rows
  ) moves GROUP BY 1, 2 HAVING sum(delta) <> 0
  ON CONFLICT (trust_code, status) DO UPDATE SET user_count = user_counts.user_count + EXCLUDED.user_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION user_counts_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_counts (trust_code, status, user_count)
  SELECT trust_code, status, -count(*) FROM old_rows GROUP BY 1, 2
  ON CONFLICT (trust_code, status) DO UPDATE SET user_count = user_counts.user_count + EXCLUDED.user_count;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_insert();
--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_update();
--> statement-breakpoint
CREATE TRIGGER user_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_delete();
--> statement-breakpoint
-- Databases that already hold rows start from their true totals.
INSERT INTO change_log_counts (trust_code, audience, entry_count)
SELECT COALESCE(trust_code, ''), audience, count(*) FROM change_log GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO user_counts (trust_code, status, user_count)
SELECT trust_code, status, count(*) FROM users GROUP BY 1, 2;
