-- Every change to who a user is (status, trust, roles) or to their trust's status announces
-- itself, so each API process can drop its cached copy of that user at once (see
-- docs/decisions/0004-principal-cache.md). The payload is a user id, or '*' for a trust change.
CREATE OR REPLACE FUNCTION notify_principal_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'trusts' THEN
    PERFORM pg_notify('principal_changed', '*');
  ELSIF TG_TABLE_NAME = 'user_roles' THEN
    PERFORM pg_notify('principal_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  ELSE
    PERFORM pg_notify('principal_changed', COALESCE(NEW.id, OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_principal_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_principal_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER trusts_principal_changed AFTER UPDATE OR DELETE ON trusts
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
