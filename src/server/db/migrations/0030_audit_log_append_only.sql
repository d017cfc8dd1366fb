-- The staff audit log is a book (decision 065): an entry is written once, at the moment it happens,
-- and is kept seven years like the books (法人税法施行規則 §59, 電子帳簿保存法). The database itself
-- refuses to change or remove it, whatever the application (or anyone with its credentials) asks:
-- UPDATE and TRUNCATE always, DELETE of an entry younger than seven years, and an INSERT that
-- would backdate an entry (its time is the database's clock).
CREATE OR REPLACE FUNCTION "kura_staff_audit_log_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kura_staff_audit_log_refuse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.at < now() - interval '7 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'staff_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kura_staff_audit_log_refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_stamp" BEFORE INSERT ON "staff_audit_log" FOR EACH ROW EXECUTE FUNCTION "kura_staff_audit_log_stamp"();
--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_no_update" BEFORE UPDATE OR DELETE ON "staff_audit_log" FOR EACH ROW EXECUTE FUNCTION "kura_staff_audit_log_refuse"();
--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_no_truncate" BEFORE TRUNCATE ON "staff_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "kura_staff_audit_log_refuse_truncate"();
