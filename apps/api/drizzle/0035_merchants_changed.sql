-- Every committed change to the merchants (a key rotated or revoked, a merchant added or removed)
-- is announced on the channel merchants_changed, so each process can keep the API keys it
-- checked until then. One notice a statement.
CREATE FUNCTION "notify_merchants_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('merchants_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "merchants_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchants_changed"();
