/**
 * The database announces every committed change to what signs a customer in or makes up their
 * profile on this channel, with the customer's id (migration 0026's triggers).
 */
export const CUSTOMER_CHANGED_CHANNEL = 'customer_changed';
/**
 * The database announces every committed change to a customer's money or payouts on this
 * channel, with the customer's id (migration 0029's triggers).
 */
export const WALLET_CHANGED_CHANNEL = 'wallet_changed';
/**
 * The database announces every committed change to the gift card catalog (the brands) on this
 * channel (migration 0033's trigger).
 */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';
/**
 * The database announces every committed change to the merchants and their API keys on this
 * channel (migration 0035's trigger).
 */
export const MERCHANTS_CHANGED_CHANNEL = 'merchants_changed';

/**
 * What a listener hears: one customer's sign-in or profile data changed, or (`wallet`) their
 * money or payouts; `catalog` when the gift card catalog changed; `merchants` when a merchant or
 * an API key did; or `all` when changes may have been missed.
 */
export type CustomerChange = { userId: string; wallet?: true } | 'catalog' | 'merchants' | 'all';

export interface CustomerChanges {
  /** Whether changes are being heard now. While not, nothing read may be trusted for long. */
  live(): boolean;
  /** Hears every change from now on; returns the way to stop. */
  subscribe(listener: (change: CustomerChange) => void): () => void;
  close(): Promise<void>;
}

/** A notification connection, as pg.Client offers it. */
export interface NotificationClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(
    event: 'notification',
    listener: (message: { channel: string; payload?: string }) => void,
  ): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

function listeners() {
  const all = new Set<(change: CustomerChange) => void>();
  return {
    add(listener: (change: CustomerChange) => void) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    emit(change: CustomerChange) {
      for (const listener of all) listener(change);
    },
  };
}

const asChange = (payload: string | undefined): CustomerChange =>
  payload ? { userId: payload } : 'all';

const asWalletChange = (payload: string | undefined): CustomerChange =>
  payload ? { userId: payload, wallet: true } : 'all';

/**
 * On the embedded engine: its notifications are delivered in this process, after the commit,
 * and cannot be missed.
 */
export async function embeddedCustomerChanges(client: {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}): Promise<CustomerChanges> {
  const heard = listeners();
  const unlisten = await client.listen(CUSTOMER_CHANGED_CHANNEL, (payload) =>
    heard.emit(asChange(payload)),
  );
  const unlistenWallet = await client.listen(WALLET_CHANGED_CHANNEL, (payload) =>
    heard.emit(asWalletChange(payload)),
  );
  const unlistenCatalog = await client.listen(CATALOG_CHANGED_CHANNEL, () => heard.emit('catalog'));
  const unlistenMerchants = await client.listen(MERCHANTS_CHANGED_CHANNEL, () =>
    heard.emit('merchants'),
  );
  return {
    live: () => true,
    subscribe: heard.add,
    close: async () => {
      await unlisten();
      await unlistenWallet();
      await unlistenCatalog();
      await unlistenMerchants();
    },
  };
}

export interface PostgresChangesOptions {
  /** A new connection of its own, not from the pool: it listens for as long as the process runs. */
  connect: () => NotificationClient;
  onLost: (error: Error | null) => void;
  /** The first wait before connecting again; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * On PostgreSQL: a connection of its own listens. When it is lost (a restart, a network cut),
 * changes are not heard until it is back: listeners hear `all` at once and again once it is
 * back (what changed meanwhile is unknown), and `live()` is false in between.
 */
export async function postgresCustomerChanges(
  options: PostgresChangesOptions,
): Promise<CustomerChanges> {
  const heard = listeners();
  const firstRetryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  let retryMs = firstRetryMs;
  let current: NotificationClient | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  async function open(): Promise<void> {
    retry = null;
    const client = options.connect();
    let lost = false;
    const lose = (error: Error | null) => {
      if (lost) return;
      lost = true;
      const wasLive = current === client;
      if (wasLive) current = null;
      client.end().catch(() => undefined);
      if (closed) return;
      if (wasLive) {
        options.onLost(error);
        heard.emit('all');
      }
      retry = setTimeout(() => void open(), retryMs);
      retry.unref();
      retryMs = Math.min(maxRetryMs, retryMs * 2);
    };
    client.on('notification', (message) => {
      if (message.channel === CUSTOMER_CHANGED_CHANNEL) heard.emit(asChange(message.payload));
      if (message.channel === WALLET_CHANGED_CHANNEL) heard.emit(asWalletChange(message.payload));
      if (message.channel === CATALOG_CHANGED_CHANNEL) heard.emit('catalog');
      if (message.channel === MERCHANTS_CHANGED_CHANNEL) heard.emit('merchants');
    });
    client.on('error', (error) => lose(error));
    client.on('end', () => lose(null));
    try {
      await client.connect();
      await client.query(`LISTEN ${CUSTOMER_CHANGED_CHANNEL}`);
      await client.query(`LISTEN ${WALLET_CHANGED_CHANNEL}`);
      await client.query(`LISTEN ${CATALOG_CHANGED_CHANNEL}`);
      await client.query(`LISTEN ${MERCHANTS_CHANGED_CHANNEL}`);
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost) return;
    if (closed) {
      lost = true;
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    retryMs = firstRetryMs;
    // Whatever changed while nobody listened is unknown.
    heard.emit('all');
  }

  await open();
  return {
    live: () => current !== null,
    subscribe: heard.add,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
