-- Every change to a member or a signed-in session (any statement, in any process) tells every
-- process to forget the member sessions it has looked up (SessionService's cache, decision 044).
CREATE OR REPLACE FUNCTION "kura_notify_accounts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kura_accounts_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "kura_notify_accounts_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "kura_notify_accounts_changed"();
