import pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../logger';

export interface ChangeListener {
  /** Whether other instances share the database: only then is there anyone to hear a NOTIFY from, or tell. */
  readonly shared: boolean;
  /**
   * Calls each channel's handler with the payload of every NOTIFY on it, over one connection; onReconnect after a
   * lost connection came back (anything sent meanwhile was missed).
   */
  listen(
    channels: Record<string, (payload: string) => void>,
    options?: { onReconnect?: () => void },
  ): Promise<() => Promise<void>>;
}

/** LISTEN for other instances' changes: a dedicated PostgreSQL connection; nothing to listen for on PGlite. */
export function createChangeListener(database: DatabaseHandle, logger: Logger): ChangeListener {
  if (database.pglite) {
    // Embedded PGlite belongs to one process (the data-directory lock sees to that), and that process delivers its
    // own events straight after commit: there is no other instance to hear from.
    return { shared: false, listen: () => Promise.resolve(() => Promise.resolve()) };
  }
  const connectionString = database.url;
  if (!connectionString) throw new Error('LISTEN on PostgreSQL needs the connection string');
  return {
    shared: true,
    listen: (channels, options) => listenOnPostgres(connectionString, channels, logger, options),
  };
}

async function listenOnPostgres(
  connectionString: string,
  channels: Record<string, (payload: string) => void>,
  logger: Logger,
  options: { onReconnect?: () => void } = {},
) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 250;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const handler = Object.hasOwn(channels, message.channel) ? channels[message.channel] : undefined;
      if (handler && message.payload) handler(message.payload);
    });
    next.on('error', (error) => logger.warn({ err: error }, 'LISTEN connection error'));
    next.on('end', () => {
      if (stopped) return;
      logger.warn('LISTEN connection closed; reconnecting');
      setTimeout(() => void reconnect(), retryMs);
    });
    await next.connect();
    for (const channel of Object.keys(channels)) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
    retryMs = 250;
    if (isReconnect) options.onReconnect?.();
  };

  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect(true);
    } catch (error) {
      retryMs = Math.min(retryMs * 2, 10_000);
      logger.warn({ err: error, retryMs }, 'LISTEN reconnect failed');
      setTimeout(() => void reconnect(), retryMs);
    }
  };

  await connect(false);
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
