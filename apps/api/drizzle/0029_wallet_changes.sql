-- Every committed change to a customer's money or to the state of their payouts is announced on
-- the channel wallet_changed, with the customer's id: a movement on one of their ledger
-- accounts, a redemption's status, a gift card order's or prepaid card's state. Each process
-- tells the customer's open screens (GET /v1/events), whichever instance made the change.
CREATE FUNCTION "notify_wallet_ledger_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wallet_changed', owner_id::text)
    FROM (
      SELECT DISTINCT a.owner_id
        FROM new_entries e
        JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.owner_type = 'customer' AND a.owner_id IS NOT NULL
    ) AS owners;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_wallet_changed" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_wallet_ledger_changed"();--> statement-breakpoint
CREATE FUNCTION "notify_wallet_redemption_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wallet_changed', user_id::text)
    FROM (
      SELECT DISTINCT r.user_id
        FROM changed c
        JOIN redemptions r ON r.id = c.redemption_id
    ) AS owners;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "notify_wallet_redemptions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wallet_changed', user_id::text)
    FROM (SELECT DISTINCT user_id FROM changed) AS owners;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "redemptions_wallet_changed" AFTER UPDATE ON "redemptions"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_wallet_redemptions_changed"();--> statement-breakpoint
CREATE TRIGGER "giftcard_orders_wallet_changed" AFTER UPDATE ON "giftcard_orders"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_wallet_redemption_changed"();--> statement-breakpoint
CREATE TRIGGER "prepaid_cards_wallet_inserted" AFTER INSERT ON "prepaid_cards"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_wallet_redemption_changed"();--> statement-breakpoint
CREATE TRIGGER "prepaid_cards_wallet_changed" AFTER UPDATE ON "prepaid_cards"
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_wallet_redemption_changed"();
