-- What a signed-in request reads of its caller (session, user, assignments, their projects) is
-- cached in each app instance (auth/session-cache.ts). Every change to it says so on the channel
-- `auth_changed`, with the user's id, or '*' when a project changed (it may touch many users).
-- Each instance listens on every connection, so the instance that made a change drops its entries
-- before the change's statement returns, and the others a moment later.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_data := OLD; ELSE row_data := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', row_data.id::text);
  ELSIF TG_TABLE_NAME = 'workspaces' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSE
    PERFORM pg_notify('auth_changed', row_data.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "assignments_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "assignments"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "workspaces_auth_changed" AFTER UPDATE OR DELETE ON "workspaces"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
-- A session's sliding expiry changes nothing a request reads: only its end does.
CREATE TRIGGER "sessions_revoked" AFTER UPDATE OF "revoked_at" ON "sessions"
  FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at")
  EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();
