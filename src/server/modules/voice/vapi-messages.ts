import { z } from 'zod';
import { CALL_STATUSES, type CallStatus } from '@shared/domain/calls';
import { toE164 } from '@shared/domain/phone';
import type { ToolInvocation } from './tool-types';

/**
 * Reading Vapi's server messages. Vapi's own examples disagree on shapes (docs/VAPI.md lists every spelling), so the
 * schemas are loose: unknown fields pass, every field we read is optional, and the readers below pick the first
 * spelling present. Only a body that is not an object with `message.type` is refused.
 */

const text = z.string().nullish();
const customer = z.looseObject({ number: text }).nullish();

const call = z
  .looseObject({
    id: text,
    phoneNumberId: text,
    customer,
    startedAt: text,
    endedAt: text,
  })
  .nullish();

const message = z.looseObject({
  type: z.string().min(1),
  timestamp: z.union([z.number(), z.string()]).nullish(),
  call,
  phoneNumber: z.looseObject({ id: text, number: text }).nullish(),
  customer,
});

export const vapiBodySchema = z.object({ message });
export type VapiMessage = z.infer<typeof message>;

/** The call as the messages of one call all name it. */
export interface CallRef {
  providerCallId: string | null;
  phoneNumberId: string | null;
  phoneNumber: string | null;
  /** Caller ID in E.164, or null when withheld or not a number. */
  callerNumber: string | null;
}

export function callRef(m: VapiMessage): CallRef {
  const caller = m.call?.customer?.number ?? m.customer?.number ?? null;
  return {
    providerCallId: m.call?.id ?? null,
    phoneNumberId: m.phoneNumber?.id ?? m.call?.phoneNumberId ?? null,
    phoneNumber: m.phoneNumber?.number ?? null,
    callerNumber: caller ? toE164(caller) : null,
  };
}

/** A timestamp as Vapi sends them (ISO text, or epoch milliseconds); null when absent or unreadable. */
export function readTime(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const record = z.record(z.string(), z.unknown());
const asRecord = (value: unknown): Record<string, unknown> | undefined => {
  const parsed = record.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** One tool call as it arrived: the arguments may still be text, or unreadable. */
export type ToolCallItem =
  { ok: true; invocation: ToolInvocation } | { ok: false; id: string; name: string; reason: string };

/**
 * The tool calls of a `tool-calls` message, in order: `toolCallList`, else `toolCalls`, else the `toolCall` of each
 * `toolWithToolCallList` entry. Name from `function.name` or `name`; arguments from `function.arguments`,
 * `arguments` or `parameters`, parsed when they are JSON text. Entries without an id cannot be answered and are left
 * out.
 */
export function readToolCalls(m: VapiMessage): ToolCallItem[] {
  const list = Array.isArray(m.toolCallList)
    ? m.toolCallList
    : Array.isArray(m.toolCalls)
      ? m.toolCalls
      : Array.isArray(m.toolWithToolCallList)
        ? m.toolWithToolCallList.map((entry) => asRecord(entry)?.toolCall)
        : [];
  return list.flatMap((entry): ToolCallItem[] => {
    const item = asRecord(entry);
    const id = asString(item?.id);
    if (!item || !id) return [];
    const fn = asRecord(item.function);
    const name = asString(fn?.name) ?? asString(item.name) ?? '';
    const raw = fn?.arguments ?? item.arguments ?? item.parameters;
    const args = readArguments(raw);
    if (!args.ok) return [{ ok: false, id, name, reason: args.reason }];
    return [{ ok: true, invocation: { id, name, args: args.value } }];
  });
}

function readArguments(raw: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: {} };
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return { ok: false, reason: 'The tool arguments were not valid JSON.' };
    }
  }
  const args = asRecord(value);
  return args ? { ok: true, value: args } : { ok: false, reason: 'The tool arguments were not a JSON object.' };
}

/** `status-update`: the status when it is one of ours (the spec's not-found and deletion-failed are not). */
export function readStatusUpdate(m: VapiMessage): { status: CallStatus; endedReason: string | null; at: Date } | null {
  const status = (CALL_STATUSES as readonly unknown[]).includes(m.status) ? (m.status as CallStatus) : null;
  if (!status) return null;
  const at = (status === 'ended' ? readTime(m.call?.endedAt) : null) ?? readTime(m.timestamp) ?? new Date();
  return { status, endedReason: asString(m.endedReason) ?? null, at };
}

export interface EndOfCallReport {
  endedReason: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  summary: string | null;
  transcript: string | null;
  recordingUrl: string | null;
}

/**
 * A link taken from a provider message, kept only when it is an absolute `https:` URL: it is shown to the owner as a
 * link, and any other scheme (`javascript:`, `data:`, plain `http:`) is no recording the provider stores.
 */
export function httpsUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
}

/**
 * `end-of-call-report`, with the older top-level spellings (summary, transcript, recordingUrl) as fallbacks. The
 * recording is the first spelling that holds an https URL (httpsUrl).
 */
export function readEndOfCallReport(m: VapiMessage): EndOfCallReport {
  const artifact = asRecord(m.artifact);
  const analysis = asRecord(m.analysis);
  const recording = asRecord(artifact?.recording);
  const mono = asRecord(recording?.mono);
  const startedAt = readTime(m.startedAt) ?? readTime(m.call?.startedAt);
  let endedAt = readTime(m.endedAt) ?? readTime(m.call?.endedAt);
  const duration = typeof m.durationSeconds === 'number' ? m.durationSeconds : null;
  if (!endedAt && startedAt && duration !== null && duration >= 0) {
    endedAt = new Date(startedAt.getTime() + duration * 1000);
  }
  return {
    endedReason: asString(m.endedReason) ?? null,
    startedAt,
    endedAt: endedAt ?? readTime(m.timestamp),
    summary: asString(analysis?.summary) ?? asString(m.summary) ?? null,
    transcript: asString(artifact?.transcript) ?? asString(m.transcript) ?? null,
    recordingUrl: httpsUrl(mono?.combinedUrl) ?? httpsUrl(artifact?.recordingUrl) ?? httpsUrl(m.recordingUrl),
  };
}

/** Tool answers go back as single-line text: Vapi's parser breaks on line breaks. */
export function singleLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
