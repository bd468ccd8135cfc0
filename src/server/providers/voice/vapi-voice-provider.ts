import { createHash } from 'node:crypto';
import { toE164 } from '@shared/domain/phone';
import { VoiceProviderError, type CreateAgentInput, type CreatedAgent, type VoiceProvider } from './voice-provider';

/**
 * Vapi over its REST API with plain fetch. Each restaurant gets an assistant (a copy of its definition, for the
 * dashboard and for tests from Vapi's side) and a phone number whose server is our webhook. The number has no
 * assistantId, so every inbound call asks our server for its assistant (`assistant-request`), built from the
 * restaurant's settings at that moment: a change in Settings applies to the next call without touching Vapi.
 */

export const VAPI_API_URL = 'https://api.vapi.ai';
/** Where Vapi sends every event of our numbers' calls, below APP_URL; the app mounts its webhook here. */
export const VAPI_WEBHOOK_PATH = '/api/webhooks/vapi';
/** The header, carrying VAPI_WEBHOOK_SECRET, that Vapi sends with every event (set as the number's server header). */
export const VAPI_SECRET_HEADER = 'X-Vapi-Secret';
/** Free Vapi numbers are US only; this area code is asked for when the restaurant's own one is unknown or refused. */
export const DEFAULT_AREA_CODE = '415';

/** Refusals that asking again cannot change: bad request, bad key, forbidden, unknown resource, invalid entity. */
const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 422]);
const NAME_MAX_LENGTH = 40;
const DEFAULT_TIMEOUT_MS = 30_000;
const VAPI_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface VapiVoiceProviderOptions {
  apiKey: string;
  webhookSecret: string;
  /** Our public URL; numbers send their events to APP_URL + VAPI_WEBHOOK_PATH. */
  appUrl: string;
  /** Our Twilio account: with it, an owner's own number (which must be in that account) is imported into Vapi. */
  twilio?: { accountSid: string; authToken: string };
  /** Tests pass a fake that answers as api.vapi.ai does. */
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** The fields of Vapi's phone-number object that we read. */
interface VapiPhoneNumber {
  id: string;
  provider?: string;
  number?: string;
  name?: string;
  status?: string;
}

/** A non-2xx answer from Vapi (status set) or no answer at all (status null), with Vapi's own message. */
export class VapiApiError extends VoiceProviderError {
  constructor(
    message: string,
    readonly status: number | null,
    isPermanent: boolean,
  ) {
    super(message, isPermanent);
    this.name = 'VapiApiError';
  }
}

export function createVapiVoiceProvider(options: VapiVoiceProviderOptions): VoiceProvider {
  const { apiKey, webhookSecret, twilio, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const serverUrl = `${options.appUrl}${VAPI_WEBHOOK_PATH}`;
  const server = { url: serverUrl, headers: { [VAPI_SECRET_HEADER]: webhookSecret } };
  const secrets = [apiKey, webhookSecret, twilio?.authToken].filter((s): s is string => Boolean(s && s.length >= 4));

  /** Secrets never reach an error message (which is stored, logged and shown to the owner). */
  const redact = (text: string) => secrets.reduce((t, secret) => t.split(secret).join('[redacted]'), text);

  async function request<T>(method: string, path: string, what: string, body?: unknown): Promise<T> {
    let status: number | null = null;
    try {
      const response = await fetchImpl(`${VAPI_API_URL}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      const text = await response.text();
      if (!response.ok) {
        throw new VapiApiError(
          `Vapi could not ${what}: ${redact(vapiMessage(text, response))}`,
          response.status,
          PERMANENT_STATUSES.has(response.status),
        );
      }
      return JSON.parse(text) as T;
    } catch (error) {
      if (error instanceof VapiApiError) throw error;
      // No answer (network, timeout) or an unreadable one: Vapi may be fine a moment later, so the job retries.
      const reason = redact(describe(error));
      throw new VapiApiError(
        status === null
          ? `Vapi could not be reached to ${what}: ${reason}`
          : `Vapi's answer could not be read: ${reason}`,
        status,
        false,
      );
    }
  }

  /** The restaurant's assistant: the one an earlier attempt created (brought up to date), else a new one. */
  async function upsertAssistant(input: CreateAgentInput, existingId: string | undefined): Promise<string> {
    const body = assistantBody(input);
    if (existingId) {
      try {
        await request('PATCH', `/assistant/${existingId}`, 'update the assistant', body);
        return existingId;
      } catch (error) {
        // Deleted on Vapi's side since: make a new one.
        if (!(error instanceof VapiApiError && error.status === 404)) throw error;
      }
    }
    const created = await request<{ id: string }>('POST', '/assistant', 'create the assistant', body);
    await input.onAgentCreated?.(created.id);
    return created.id;
  }

  function assistantBody(input: CreateAgentInput): Record<string, unknown> {
    const definition = input.assistant;
    const ownServer = isRecord(definition.server) ? definition.server : {};
    const ownHeaders = isRecord(ownServer.headers) ? ownServer.headers : {};
    return {
      ...definition,
      name: typeof definition.name === 'string' ? definition.name : truncate(input.restaurantName || 'PickupLine'),
      server: {
        ...ownServer,
        url: typeof ownServer.url === 'string' ? ownServer.url : serverUrl,
        headers: { ...ownHeaders, [VAPI_SECRET_HEADER]: webhookSecret },
      },
      metadata: { restaurantId: input.userId, ...(isRecord(definition.metadata) ? definition.metadata : {}) },
    };
  }

  /**
   * The restaurant's number. Every number we create is named with a tag derived from the owner id, so an attempt
   * that follows an earlier one (which may have created the number and then failed, or lost Vapi's answer) finds it
   * instead of buying a second one. The owner's own number is looked for by its digits, since it may already be in
   * our account under another restaurant's name.
   */
  async function ensureNumber(
    input: CreateAgentInput,
    resumed: boolean,
  ): Promise<VapiPhoneNumber & { number: string }> {
    const tag = numberTag(input.userId);
    const name = `${truncate(input.restaurantName.trim() || 'PickupLine', NAME_MAX_LENGTH - tag.length - 1)} ${tag}`;
    const own = input.phoneNumber ? toE164(input.phoneNumber) : null;
    if (own && twilio) {
      // Already in our account: imported by an earlier attempt, or for a restaurant that held the number unproven
      // until this one proved it. Vapi refuses a second import, so the number is taken over and renamed.
      const numbers = await request<VapiPhoneNumber[]>('GET', '/phone-number?limit=1000', 'list the phone numbers');
      const existing = numbers.find((n) => n.number !== undefined && toE164(n.number) === own);
      if (existing?.name === name) return withDigits(existing);
      if (existing) {
        return withDigits(
          await request<VapiPhoneNumber>('PATCH', `/phone-number/${existing.id}`, `take over ${own}`, { name, server }),
        );
      }
      const imported = await request<VapiPhoneNumber>('POST', '/phone-number', `import ${own} from Twilio`, {
        provider: 'twilio',
        number: own,
        twilioAccountSid: twilio.accountSid,
        twilioAuthToken: twilio.authToken,
        smsEnabled: false,
        name,
        server,
      });
      return withDigits(imported);
    }
    if (resumed) {
      const numbers = await request<VapiPhoneNumber[]>('GET', '/phone-number?limit=1000', 'list the phone numbers');
      const earlier = numbers.find((n) => n.name?.endsWith(tag));
      if (earlier) return withDigits(earlier);
    }
    const buy = (areaCode: string) =>
      request<VapiPhoneNumber>('POST', '/phone-number', `create a phone number in area code ${areaCode}`, {
        provider: 'vapi',
        numberDesiredAreaCode: areaCode,
        name,
        server,
      });
    const preferred = usAreaCode(own ?? input.contactNumber);
    if (!preferred || preferred === DEFAULT_AREA_CODE) return withDigits(await buy(DEFAULT_AREA_CODE));
    try {
      return withDigits(await buy(preferred));
    } catch (error) {
      // Vapi has no free number in the restaurant's own area code (or does not serve it): take the default one.
      if (!(error instanceof VapiApiError && error.status === 400)) throw error;
      return withDigits(await buy(DEFAULT_AREA_CODE));
    }
  }

  /** A number is usable (and stored) as soon as it has its digits, even while Vapi still says 'activating'. */
  async function withDigits(phoneNumber: VapiPhoneNumber): Promise<VapiPhoneNumber & { number: string }> {
    let current = phoneNumber;
    if (!current.number) {
      current = await request<VapiPhoneNumber>('GET', `/phone-number/${current.id}`, 'read the new phone number');
    }
    const e164 = current.number ? toE164(current.number) : null;
    if (!e164) throw new VapiApiError('Vapi has not assigned the new phone number its digits yet', null, false);
    return { ...current, number: e164 };
  }

  return {
    name: 'vapi',
    serverUrl,
    async createAgent(input: CreateAgentInput): Promise<CreatedAgent> {
      // An id we saved from an earlier attempt (never the local provider's `local_…`, from before Vapi was set up).
      const existingId =
        input.existingAgentId && VAPI_ID.test(input.existingAgentId) ? input.existingAgentId : undefined;
      const agentId = await upsertAssistant(input, existingId);
      const phoneNumber = await ensureNumber(input, existingId !== undefined);
      return { agentId, phoneNumber: phoneNumber.number, phoneNumberId: phoneNumber.id };
    },
    agentDashboardUrl(agentId: string) {
      return `https://dashboard.vapi.ai/assistants/${encodeURIComponent(agentId)}`;
    },
  };
}

/** Vapi's error body is `{message, error, statusCode}`, `message` being a string or a list (validation errors). */
function vapiMessage(text: string, response: Response): string {
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) {
      const { message, error } = body;
      if (Array.isArray(message) && message.length > 0) return message.map(String).join('; ');
      if (typeof message === 'string' && message) return message;
      if (typeof error === 'string' && error) return error;
    }
  } catch {
    // Not JSON (a proxy's error page): fall through to the text itself.
  }
  const snippet = text.trim().slice(0, 200);
  return snippet || `HTTP ${response.status} ${response.statusText}`.trim();
}

/** '#' and 16 base64url characters of the owner id's hash: unique per restaurant, short enough for a 40-char name. */
export function numberTag(userId: string): string {
  return `#${createHash('sha256').update(userId).digest('base64url').slice(0, 16)}`;
}

/** The area code of a North American number (+1 NXX …), or null. */
export function usAreaCode(value: string | undefined): string | null {
  const e164 = value ? toE164(value) : null;
  const match = e164 ? /^\+1([2-9]\d{2})\d{7}$/.exec(e164) : null;
  return match ? match[1]! : null;
}

/** fetch's own message is only "fetch failed"; the reason (ENOTFOUND, ECONNRESET, a timeout) is in its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

function truncate(text: string, max = NAME_MAX_LENGTH): string {
  return text.length <= max ? text : text.slice(0, max).trimEnd();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
