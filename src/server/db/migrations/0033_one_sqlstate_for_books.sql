-- The append-only books answer a refused change with one SQLSTATE: restrict_violation (23001), as
-- the liquor books' guard (0026) always did. The transaction records (0027) and the staff audit log
-- (0030) answered insufficient_privilege (42501), which reads as a missing grant, not as a book that
-- may not be rewritten. Same functions, same messages, same triggers; only the code changes.
CREATE OR REPLACE FUNCTION "transaction_records_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'transaction_records is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kura_staff_audit_log_refuse"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.at < now() - interval '7 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'staff_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kura_staff_audit_log_refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only: TRUNCATE refused' USING ERRCODE = 'restrict_violation';
END
$$;
