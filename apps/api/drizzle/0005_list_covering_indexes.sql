-- Admin lists, second pass (docs/decisions/0011-admin-list-performance.md).
--
-- users.role_codes (migration 0004) is a sorted copy of the user's rows in user_roles, kept here
-- by statement triggers with transition tables, so that the role filter, the "hide super admins"
-- rule and the roles column need no join to user_roles. A bulk insert of roles is one update.
CREATE FUNCTION users_role_codes_refresh(changed uuid[]) RETURNS void AS $$
BEGIN
  UPDATE users u SET role_codes = c.codes
  FROM (
    SELECT x.user_id, COALESCE(
      (SELECT array_agg(r.role_code ORDER BY r.role_code COLLATE "C") FROM user_roles r WHERE r.user_id = x.user_id),
      '{}'::text[]) AS codes
    FROM unnest(changed) AS x(user_id)
  ) c
  WHERE u.id = c.user_id AND u.role_codes IS DISTINCT FROM c.codes;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION user_roles_codes_insert() RETURNS trigger AS $$
BEGIN
  PERFORM users_role_codes_refresh(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION user_roles_codes_update() RETURNS trigger AS $$
BEGIN
  PERFORM users_role_codes_refresh(ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION user_roles_codes_delete() RETURNS trigger AS $$
BEGIN
  PERFORM users_role_codes_refresh(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_roles_codes_insert AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_roles_codes_insert();
--> statement-breakpoint
CREATE TRIGGER user_roles_codes_update AFTER UPDATE ON user_roles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_roles_codes_update();
--> statement-breakpoint
CREATE TRIGGER user_roles_codes_delete AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_roles_codes_delete();
--> statement-breakpoint
-- Existing users start from their true roles.
UPDATE users u SET role_codes = r.codes
FROM (SELECT user_id, array_agg(role_code ORDER BY role_code COLLATE "C") AS codes FROM user_roles GROUP BY user_id) r
WHERE u.id = r.user_id;
--> statement-breakpoint
-- Super admins per trust and status, for the totals that leave them out: a tiny index, counted
-- from the index alone. Queries must write the predicate as `role_codes @> '{sa}'::text[]`.
CREATE INDEX users_super_admins_idx ON users (trust_code, status) WHERE role_codes @> '{sa}'::text[];
--> statement-breakpoint
-- PostgreSQL answers from an index alone only when every column the query reads is a plain column
-- of the index; an expression such as lower(first_name) does not count. So the prefix indexes of
-- migration 0002 are rebuilt under the same names with the columns a list search reads INCLUDEd:
-- counting the matches and choosing the page then never visit the table (drizzle-kit cannot
-- declare INCLUDE; the schema declares these indexes by name without it).
DROP INDEX "users_sort_name_idx";
--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ((lower("first_name" || ' ' || "last_name") collate "C"), "id")
  INCLUDE ("first_name", "last_name", "trust_code", "status", "role_codes");
--> statement-breakpoint
DROP INDEX "users_first_name_prefix_idx";
--> statement-breakpoint
CREATE INDEX "users_first_name_prefix_idx" ON "users" USING btree ((lower("first_name") collate "C"))
  INCLUDE ("id", "first_name", "last_name", "trust_code", "status", "role_codes");
--> statement-breakpoint
DROP INDEX "users_last_name_prefix_idx";
--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree ((lower("last_name") collate "C"))
  INCLUDE ("id", "first_name", "last_name", "trust_code", "status", "role_codes");
--> statement-breakpoint
DROP INDEX "users_email_prefix_idx";
--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ((lower("email") collate "C"))
  INCLUDE ("id", "email", "first_name", "last_name", "trust_code", "status", "role_codes");
--> statement-breakpoint
DROP INDEX "change_log_created_by_prefix_idx";
--> statement-breakpoint
CREATE INDEX "change_log_created_by_prefix_idx" ON "change_log" USING btree ((lower("created_by") collate "C"), "created_on" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("created_by", "trust_code", "audience");
