import { appendFileSync, closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TwilioHttpClient } from '../src/server/providers/sms/twilio-sms-provider';
import { createFakeTwilioApi, rfc2822, type TwilioMessageResource } from './fake-twilio-api';

/**
 * One Twilio account shared by several server processes: the in-memory fake api.twilio.com (fake-twilio-api.ts),
 * kept in a directory instead of in memory. Every message it accepts is appended to messages.jsonl before the answer
 * goes back, so a message Twilio took survives the process that sent it being killed; every request first catches up
 * with that file, so the message list another process reads after a crash (findSent) is the one Twilio would give.
 */

export const CRASH_TWILIO = {
  accountSid: 'AC0123456789abcdef0123456789abcdef',
  authToken: '0123456789abcdef0123456789abcdef',
  from: '+15005550006',
} as const;

const MESSAGES_FILE = 'messages.jsonl';
const LOOKUPS_FILE = 'lookups.jsonl';

/** Between Twilio taking a message and its answer reaching us, as over a real network. */
const ACCEPTED_TO_ANSWER_MS = 20;

/** A message Twilio accepted, and the process (pid) that sent it. */
export interface AcceptedMessage {
  sender: number;
  message: TwilioMessageResource;
}

/** A message list lookup as the provider made it: the number it asked about and the messages Twilio listed. */
export interface RecordedLookup {
  to: string;
  sids: string[];
}

/**
 * While this file exists, the process `pid` never hears back about a message Twilio accepted from it: what a crash
 * right after Twilio took a text leaves behind, once that process is killed.
 */
export const holdFile = (dir: string, pid: number) => path.join(dir, `hold-answers-${pid}`);

export function createFileTwilioApi(dir: string): TwilioHttpClient {
  const api = createFakeTwilioApi({
    accountSid: CRASH_TWILIO.accountSid,
    authToken: CRASH_TWILIO.authToken,
    numbers: [CRASH_TWILIO.from],
  });
  const accepted = messageLog(dir);
  return {
    async request(opts) {
      // What every process has sent so far. The in-memory fake answers synchronously, so no other request of this
      // process can change the list between this read and its answer.
      api.messages.splice(0, api.messages.length, ...accepted().map((a) => a.message));
      const response = await api.httpClient.request(opts);
      if (opts.method === 'post' && response.statusCode === 201) {
        // The carrier takes it at once: sent, with the date_sent that Twilio's DateSent filter looks at.
        const message = { ...(response.body as TwilioMessageResource), status: 'sent', date_sent: rfc2822(new Date()) };
        appendLine(path.join(dir, MESSAGES_FILE), { sender: process.pid, message } satisfies AcceptedMessage);
        if (existsSync(holdFile(dir, process.pid))) await new Promise<never>(() => undefined);
        await sleep(ACCEPTED_TO_ANSWER_MS);
      }
      if (opts.method === 'get' && response.statusCode === 200) {
        const { messages } = response.body as { messages: TwilioMessageResource[] };
        appendLine(path.join(dir, LOOKUPS_FILE), {
          to: (opts.params as { To?: string } | undefined)?.To ?? '',
          sids: messages.map((m) => m.sid),
        } satisfies RecordedLookup);
      }
      return response;
    },
  };
}

/** Every message the shared account has accepted, oldest first, read as the file grows. */
export function messageLog(dir: string): () => AcceptedMessage[] {
  return jsonLinesLog<AcceptedMessage>(path.join(dir, MESSAGES_FILE));
}

/** Every message list lookup made (findSent, after a process died mid-send). */
export function readTwilioLookups(dir: string): RecordedLookup[] {
  return jsonLinesLog<RecordedLookup>(path.join(dir, LOOKUPS_FILE))();
}

/** One write per line, so lines from several processes never interleave. */
function appendLine(file: string, value: unknown) {
  appendFileSync(file, `${JSON.stringify(value)}\n`);
}

/**
 * The lines of a file only ever appended to, read from where the last call stopped. Complete lines only: one that
 * another process is appending right now may be read half-written, and is read in full next time.
 */
function jsonLinesLog<T>(file: string): () => T[] {
  const lines: T[] = [];
  let offset = 0;
  return () => {
    if (!existsSync(file)) return lines;
    const size = statSync(file).size;
    if (size <= offset) return lines;
    const chunk = Buffer.alloc(size - offset);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, chunk, 0, chunk.length, offset);
    } finally {
      closeSync(fd);
    }
    const end = chunk.lastIndexOf(0x0a);
    if (end === -1) return lines;
    for (const line of chunk.subarray(0, end).toString('utf8').split('\n')) lines.push(JSON.parse(line) as T);
    offset += end + 1;
    return lines;
  };
}
