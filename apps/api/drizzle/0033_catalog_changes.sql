-- Every committed change to the gift card catalog is announced on the channel catalog_changed, so
-- each process can keep the catalog in memory until then (the brand lists are read far more often
-- than the catalog syncs). One notice a statement: a sync writing many brands sends one.
CREATE FUNCTION "notify_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "giftcard_brands_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "giftcard_brands"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
