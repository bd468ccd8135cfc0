import { readFileSync } from 'node:fs';

/** How many live streams are allowed, per account and in all, and how often an open one is pinged. */
export interface StreamLimits {
  perUser: number;
  total: number;
  /** Between pings on a quiet stream; a stream whose reader has not taken a ping since the last one is dropped. */
  heartbeatMs: number;
}

export const DEFAULT_HEARTBEAT_MS = 25_000;
/** The open-file limit assumed where the process cannot read its own (not Linux). */
const ASSUMED_FILE_LIMIT = 1024;
/** Files the process needs besides its streams: database connections, the data directory, requests being served. */
const RESERVED_FILES = 100;

/** The process's soft limit on open files, from /proc/self/limits ("Max open files  <soft>  <hard>  files"). */
export function openFileLimit(limits = readProcLimits()): number {
  const soft = /^Max open files\s+(\S+)/m.exec(limits ?? '')?.[1];
  if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
  const n = Number(soft);
  return Number.isSafeInteger(n) && n > 0 ? n : ASSUMED_FILE_LIMIT;
}

function readProcLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/**
 * Each stream holds a socket, which is a file: past the limit every request fails, health included. Streams get
 * half of what is left once the process's own files are set aside, so the other half always serves requests.
 */
export function streamCapFor(fileLimit: number): number {
  return Math.max(1, Math.floor((Math.min(fileLimit, 1_000_000) - RESERVED_FILES) / 2));
}

export function streamLimits(
  env: { EVENT_STREAMS_PER_USER: number; EVENT_STREAMS_MAX?: number | undefined },
  fileLimit = openFileLimit(),
): StreamLimits {
  return {
    perUser: env.EVENT_STREAMS_PER_USER,
    total: env.EVENT_STREAMS_MAX ?? streamCapFor(fileLimit),
    heartbeatMs: DEFAULT_HEARTBEAT_MS,
  };
}
