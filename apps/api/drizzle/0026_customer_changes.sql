-- Every change to what signs a customer in or makes up their profile (the customer, their
-- addresses, their e-mail links, their sessions) is announced on the channel customer_changed,
-- with the customer's id, when it commits. Each process keeps what it read of them until then.
CREATE FUNCTION "notify_customer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('customer_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('customer_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_customer_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_customer_changed"('id');--> statement-breakpoint
CREATE TRIGGER "addresses_customer_changed" AFTER INSERT OR UPDATE OR DELETE ON "addresses"
  FOR EACH ROW EXECUTE FUNCTION "notify_customer_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "email_verifications_customer_changed" AFTER INSERT OR UPDATE OR DELETE ON "email_verifications"
  FOR EACH ROW EXECUTE FUNCTION "notify_customer_changed"('user_id');--> statement-breakpoint
CREATE TRIGGER "sessions_customer_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_customer_changed"('user_id');
