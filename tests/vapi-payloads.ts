import { randomUUID } from 'node:crypto';

/**
 * Vapi server messages as they arrive at the webhook (POST {message: …}), modelled on Vapi's OpenAPI schemas
 * (ServerMessageAssistantRequest, ServerMessageToolCalls, ServerMessageStatusUpdate, ServerMessageEndOfCallReport,
 * ServerMessageTransferDestinationRequest) and on the older spellings its docs still show (docs/VAPI.md).
 */

export interface VapiCallFixture {
  callId: string;
  orgId: string;
  phoneNumberId: string;
  /** The number called (the restaurant's Vapi number), E.164. */
  number: string;
  /** Caller ID, E.164; null when withheld. */
  caller: string | null;
  createdAt: string;
}

export function vapiCall(overrides: Partial<VapiCallFixture> = {}): VapiCallFixture {
  return {
    callId: randomUUID(),
    orgId: 'c6f1c5a2-7d0e-4c1d-9a52-8f2b1f0e4a11',
    phoneNumberId: randomUUID(),
    number: '+14155550123',
    caller: '+12125550187',
    createdAt: '2026-03-10T15:00:00.000Z',
    ...overrides,
  };
}

type Json = Record<string, unknown>;

function callObject(c: VapiCallFixture, status = 'in-progress', extra: Json = {}): Json {
  return {
    id: c.callId,
    orgId: c.orgId,
    createdAt: c.createdAt,
    updatedAt: c.createdAt,
    type: 'inboundPhoneCall',
    status,
    phoneCallProvider: 'vapi',
    phoneCallProviderId: `CA${c.callId.replaceAll('-', '')}`,
    phoneCallTransport: 'pstn',
    phoneNumberId: c.phoneNumberId,
    ...(c.caller ? { customer: { number: c.caller } } : {}),
    ...extra,
  };
}

function phoneNumberObject(c: VapiCallFixture): Json {
  return {
    id: c.phoneNumberId,
    orgId: c.orgId,
    number: c.number,
    provider: 'vapi',
    status: 'active',
    name: 'PickupLine',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    server: { url: 'https://orders.example.com/api/webhooks/vapi' },
  };
}

/** The common envelope: `message.call`, `message.phoneNumber`, `message.customer`, a timestamp in milliseconds. */
function envelope(c: VapiCallFixture, type: string, fields: Json = {}, callExtra: Json = {}, status?: string) {
  return {
    message: {
      timestamp: Date.parse(c.createdAt) + 1000,
      type,
      call: callObject(c, status, callExtra),
      phoneNumber: phoneNumberObject(c),
      ...(c.caller ? { customer: { number: c.caller } } : {}),
      ...fields,
    },
  };
}

export function assistantRequest(c: VapiCallFixture) {
  return envelope(c, 'assistant-request', {}, {}, 'ringing');
}

export interface ToolCallSpec {
  id?: string;
  name: string;
  args?: Json;
}

/**
 * `tool-calls` in the shapes Vapi has used: the spec's `toolCallList` plus `toolWithToolCallList` (arguments as JSON
 * text or as an object), only `toolWithToolCallList`, the older `toolCalls`, and flat items carrying `name` and
 * `parameters` directly.
 */
export type ToolCallsShape = 'spec' | 'toolWithToolCallList' | 'legacyToolCalls' | 'flat';

export function toolCalls(
  c: VapiCallFixture,
  calls: ToolCallSpec[],
  { shape = 'spec', argsAs = 'string' }: { shape?: ToolCallsShape; argsAs?: 'string' | 'object' } = {},
) {
  const withIds = calls.map((call) => ({ ...call, id: call.id ?? `call_${randomUUID().replaceAll('-', '')}` }));
  const args = (a: Json | undefined) => (argsAs === 'string' ? JSON.stringify(a ?? {}) : (a ?? {}));
  const toolCall = (call: (typeof withIds)[number]) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: args(call.args) },
  });
  const withTool = withIds.map((call) => ({
    type: 'function',
    function: { name: call.name, parameters: { type: 'object', properties: {} } },
    server: { url: 'https://orders.example.com/api/webhooks/vapi' },
    messages: [{ type: 'request-start', content: 'One moment.' }],
    toolCall: toolCall(call),
  }));
  const artifact = {
    messages: [
      { role: 'bot', message: 'Welcome! This call may be recorded.', time: 1773154801000, secondsFromStart: 0.5 },
      { role: 'user', message: 'I would like to order, please.', time: 1773154804000, secondsFromStart: 3.1 },
    ],
  };
  const fields: Json = { artifact };
  switch (shape) {
    case 'spec':
      fields.toolCallList = withIds.map(toolCall);
      fields.toolWithToolCallList = withTool;
      break;
    case 'toolWithToolCallList':
      fields.toolWithToolCallList = withTool;
      break;
    case 'legacyToolCalls':
      fields.toolCalls = withIds.map(toolCall);
      break;
    case 'flat':
      fields.toolCallList = withIds.map((call) => ({ id: call.id, name: call.name, parameters: call.args ?? {} }));
      break;
  }
  return { body: envelope(c, 'tool-calls', fields), ids: withIds.map((call) => call.id) };
}

export function statusUpdate(c: VapiCallFixture, status: string, endedReason?: string) {
  return envelope(
    c,
    'status-update',
    { status, ...(endedReason ? { endedReason } : {}) },
    status === 'ended' ? { endedAt: '2026-03-10T15:04:12.000Z', endedReason } : {},
    status,
  );
}

export interface ReportSpec {
  endedReason?: string;
  startedAt?: string;
  endedAt?: string;
  summary?: string;
  transcript?: string;
  recordingUrl?: string;
}

const REPORT_DEFAULTS: Required<ReportSpec> = {
  endedReason: 'customer-ended-call',
  startedAt: '2026-03-10T15:00:02.000Z',
  endedAt: '2026-03-10T15:04:12.000Z',
  summary: 'The caller ordered two Margherita pizzas for pickup under the name Dana.',
  transcript:
    "AI: Welcome to Luigi's! This call may be recorded.\nUser: Two Margherita pizzas, please.\nAI: That is two Margherita Pizza, $25.00. Shall I place it?\nUser: Yes.",
  recordingUrl: 'https://storage.vapi.ai/recordings/mono-combined.wav',
};

/** `end-of-call-report` as the spec has it: analysis.summary, artifact.transcript, artifact.recording.mono. */
export function endOfCallReport(c: VapiCallFixture, spec: ReportSpec = {}) {
  const r = { ...REPORT_DEFAULTS, ...spec };
  return envelope(
    c,
    'end-of-call-report',
    {
      endedReason: r.endedReason,
      startedAt: r.startedAt,
      endedAt: r.endedAt,
      cost: 0.1432,
      costs: [{ type: 'transport', provider: 'vapi', minutes: 4.17, cost: 0 }],
      analysis: { summary: r.summary, successEvaluation: 'true' },
      artifact: {
        transcript: r.transcript,
        messages: [{ role: 'bot', message: 'Welcome!', time: 1773154801000, secondsFromStart: 0.5 }],
        recording: {
          stereoUrl: 'https://storage.vapi.ai/recordings/stereo.wav',
          mono: {
            combinedUrl: r.recordingUrl,
            assistantUrl: 'https://storage.vapi.ai/recordings/mono-assistant.wav',
            customerUrl: 'https://storage.vapi.ai/recordings/mono-customer.wav',
          },
        },
        recordingUrl: 'https://storage.vapi.ai/recordings/deprecated.wav',
        stereoRecordingUrl: 'https://storage.vapi.ai/recordings/stereo.wav',
      },
    },
    { startedAt: r.startedAt, endedAt: r.endedAt, endedReason: r.endedReason },
    'ended',
  );
}

/** The older report some doc examples show: transcript, summary, recordingUrl and durationSeconds at the top. */
export function legacyEndOfCallReport(c: VapiCallFixture, spec: ReportSpec & { durationSeconds?: number } = {}) {
  const r = { ...REPORT_DEFAULTS, ...spec };
  return envelope(
    c,
    'end-of-call-report',
    {
      endedReason: r.endedReason,
      startedAt: r.startedAt,
      durationSeconds: spec.durationSeconds ?? 250,
      summary: r.summary,
      transcript: r.transcript,
      recordingUrl: r.recordingUrl,
    },
    {},
    'ended',
  );
}

export function transferDestinationRequest(c: VapiCallFixture) {
  return envelope(c, 'transfer-destination-request', {
    artifact: { messages: [{ role: 'user', message: 'Can I talk to a person?', time: 1773154900000 }] },
  });
}

/** Informational messages the webhook acknowledges and ignores. */
export function speechUpdate(c: VapiCallFixture) {
  return envelope(c, 'speech-update', { status: 'started', role: 'assistant', turn: 1 });
}

/** A final transcript of one turn (informational, like speech-update). */
export function transcriptMessage(c: VapiCallFixture) {
  return envelope(c, 'transcript', {
    role: 'user',
    transcriptType: 'final',
    transcript: 'Two Margherita pizzas, please.',
  });
}
