-- A change to an integration client (its status above all) announces itself as a change to a
-- user does (0001), so each API process drops its cached copy of the client at once and a
-- disabled client's next call is refused (docs/decisions/0048-integration-clients-screens.md).
-- The payload is the client's id, which is the id its principal carries.
CREATE TRIGGER integration_clients_principal_changed AFTER UPDATE OR DELETE ON integration_clients
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
