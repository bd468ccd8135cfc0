const queues = new Map<string, Promise<unknown>>();

/**
 * Runs billing work for one owner one at a time in this process: a double click, two tabs, a webhook and the
 * success page all reading and writing the same subscription never interleave. The provider's idempotency keys
 * cover two app instances. No database transaction is held while the provider is called.
 */
export async function withOwnerLock<T>(ownerId: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(ownerId) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(work);
  const tail = current.catch(() => undefined);
  queues.set(ownerId, tail);
  try {
    return await current;
  } finally {
    if (queues.get(ownerId) === tail) queues.delete(ownerId);
  }
}
