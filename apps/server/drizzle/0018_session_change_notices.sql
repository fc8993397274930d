-- Every commit that revokes, re-verifies or deletes a session, or changes or
-- deletes a user, sends `access.changed` for that user on the realtime channel
-- (docs/decisions/032). Each instance's session cache drops the user's sessions
-- when it hears it, and open sockets re-check their access (docs/decisions/007).
-- A trigger, so that no write path (a service, the admin CLI, an operator's SQL)
-- can forget to tell. Shortening a session's expiry notifies; the hourly sliding
-- renewal (last_seen_at, a later expires_at) sends nothing. Deleting a session
-- that was already revoked tells nobody anything new. One transaction's
-- identical payloads reach listeners once (PostgreSQL folds duplicate
-- notifications): `now()` is the transaction's time.
-- The trigger's argument names the column holding the user's id.
CREATE FUNCTION rally_notify_user_access_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed_user text := to_jsonb(OLD) ->> TG_ARGV[0];
BEGIN
  PERFORM pg_notify('rally_realtime', json_build_array(json_build_object(
    'topic', 'user:' || changed_user,
    'kind', 'access.changed',
    'ids', json_build_array(changed_user),
    'version', floor(extract(epoch from now()) * 1000)
  ))::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.totp_verified_at IS DISTINCT FROM NEW.totp_verified_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION rally_notify_user_access_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION rally_notify_user_access_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION rally_notify_user_access_changed('id');
--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION rally_notify_user_access_changed('id');
