import { useQuery } from '@tanstack/react-query';
import { apiClient, call } from '@web/lib/api-client';

/** Texts move from queued to sent to delivered in the background; a short poll keeps this view honest. */
const POLL_MS = 3000;

/** How many of the latest texts the outbox shows (the page says so). */
const OUTBOX_LIMIT = 100;

export const outboxKeys = {
  outbox: ['notifications', 'outbox'] as const,
};

/** The owner's latest texts, newest first. */
export const useOutbox = () =>
  useQuery({
    queryKey: outboxKeys.outbox,
    queryFn: async () =>
      (await call(apiClient.notifications.$get({ query: { limit: String(OUTBOX_LIMIT) } }))).messages,
    refetchInterval: POLL_MS,
  });
