-- Name searches limited to one status (docs/decisions/0017-status-name-index.md).
--
-- A search for active users by name read every user whose name matched, in users_sort_name_idx,
-- and stepped over the disabled ones for both its count and its page. Disabled accounts stay in a
-- trust's list for good (staff leave; nobody is deleted), so that share only grows. This index
-- holds each status's names apart, in list order, covering what the list shows and filters on.
CREATE INDEX "users_status_sort_name_idx" ON "users" USING btree ("status", (lower("first_name" || ' ' || "last_name") collate "C"), "id")
  INCLUDE ("first_name", "last_name", "trust_code", "role_mask");
--> statement-breakpoint
-- The full name in the database's own collation: every list reads it in "C" order (decision 0011),
-- so no query could use this index, and each user write kept it up to date for nothing.
DROP INDEX "users_name_idx";
