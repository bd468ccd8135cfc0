import { randomUUID } from 'node:crypto';
import type { FetchLike } from '../src/server/providers/voice/vapi-voice-provider';

/**
 * api.vapi.ai's assistants and phone numbers, in memory, as a `fetch` for the Vapi provider. Request bodies are
 * checked against the fields of Vapi's schemas (CreateAssistantDTO, UpdateAssistantDTO, CreateVapiPhoneNumberDTO,
 * CreateTwilioPhoneNumberDTO and Server in its OpenAPI document, VapiAI/docs fern/apis/api/openapi.json). Like Vapi's
 * NestJS validation, a property the schema does not know is refused ("property X should not exist"), so fields Vapi
 * has removed (serverUrl, serverUrlSecret, a top-level recordingEnabled …) fail here as they would there. Errors carry
 * Vapi's body, `{message, error, statusCode}`; the wording of the messages is this fake's own.
 */

export interface RecordedVapiRequest {
  method: string;
  /** Path without the query string, e.g. /assistant or /phone-number/<id>. */
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

export interface FakeVapiAssistant extends Record<string, unknown> {
  id: string;
  orgId: string;
  createdAt: string;
  updatedAt: string;
}

export interface FakeVapiPhoneNumber extends Record<string, unknown> {
  id: string;
  orgId: string;
  provider: 'vapi' | 'twilio';
  number?: string;
  name?: string;
  status: 'activating' | 'active' | 'blocked';
  assistantId?: string;
  server?: { url?: string; headers?: Record<string, string> };
  createdAt: string;
  updatedAt: string;
}

const ASSISTANT_FIELDS = new Set([
  'analysisPlan',
  'artifactPlan',
  'backgroundSound',
  'backgroundSpeechDenoisingPlan',
  'clientMessages',
  'compliancePlan',
  'credentialIds',
  'credentials',
  'endCallMessage',
  'endCallPhrases',
  'firstMessage',
  'firstMessageInterruptionsEnabled',
  'firstMessageMode',
  'hooks',
  'keypadInputPlan',
  'maxDurationSeconds',
  'metadata',
  'model',
  'modelOutputInMessagesEnabled',
  'monitorPlan',
  'name',
  'observabilityPlan',
  'server',
  'serverMessages',
  'startSpeakingPlan',
  'stopSpeakingPlan',
  'transcriber',
  'transportConfigurations',
  'voice',
  'voicemailDetection',
  'voicemailMessage',
]);
const SERVER_FIELDS = new Set([
  'url',
  'credentialId',
  'headers',
  'timeoutSeconds',
  'backoffPlan',
  'staticIpAddressesEnabled',
  'encryptedPaths',
]);
const PHONE_NUMBER_COMMON_FIELDS = ['fallbackDestination', 'hooks', 'name', 'assistantId', 'workflowId', 'squadId'];
const VAPI_NUMBER_FIELDS = new Set([
  ...PHONE_NUMBER_COMMON_FIELDS,
  'provider',
  'numberDesiredAreaCode',
  'sipUri',
  'authentication',
  'server',
]);
const TWILIO_NUMBER_FIELDS = new Set([
  ...PHONE_NUMBER_COMMON_FIELDS,
  'provider',
  'smsEnabled',
  'number',
  'twilioAccountSid',
  'twilioAuthToken',
  'twilioApiKey',
  'twilioApiSecret',
  'server',
]);
const UPDATE_NUMBER_FIELDS = new Set([
  ...PHONE_NUMBER_COMMON_FIELDS,
  'provider',
  'server',
  'smsEnabled',
  'number',
  'twilioAccountSid',
  'twilioAuthToken',
  'twilioApiKey',
  'twilioApiSecret',
  'sipUri',
  'authentication',
]);
const FIRST_MESSAGE_MODES = [
  'assistant-speaks-first',
  'assistant-waits-for-user',
  'assistant-speaks-first-with-model-generated-message',
];
const E164 = /^\+[1-9]\d{6,14}$/;
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
const DEFAULT_FAILURE_MESSAGE: Record<number, string> = {
  429: 'ThrottlerException: Too Many Requests',
  500: 'Internal server error',
  503: 'Service Unavailable',
};

class VapiHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string | string[],
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
  }
}

const badRequest = (messages: string | string[]) => new VapiHttpError(400, messages);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface RequestMatcher {
  method?: string;
  /** Matches a path equal to this one or below it (/phone-number matches /phone-number/<id>). */
  path?: string;
}

interface QueuedFailure extends RequestMatcher {
  kind: 'answer' | 'lose-answer';
  statusCode?: number;
  message?: string | string[];
}

export interface FakeVapiOptions {
  apiKey: string;
  /** Numbers in our Twilio account, the only ones a Twilio import with `twilioAccountSid` succeeds for. */
  twilio?: { accountSid: string; authToken: string; numbers: string[] };
  /** Area codes with no free number left: a request for one of them is refused with 400. */
  unavailableAreaCodes?: string[];
  /** Free Vapi numbers an account may hold (Vapi: 5, more with a payment method). */
  freeNumberLimit?: number;
  /** A new free number is answered without its digits (they come with a later GET), as while activating. */
  digitsAfterCreate?: boolean;
}

export function createFakeVapiApi({
  apiKey,
  twilio,
  unavailableAreaCodes = [],
  freeNumberLimit = Infinity,
  digitsAfterCreate = false,
}: FakeVapiOptions) {
  const orgId = randomUUID();
  const requests: RecordedVapiRequest[] = [];
  const assistants = new Map<string, FakeVapiAssistant>();
  const phoneNumbers = new Map<string, FakeVapiPhoneNumber>();
  const failures: QueuedFailure[] = [];
  let lineCounter = 0;

  const now = () => new Date().toISOString();
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  const errorResponse = (statusCode: number, message: string | string[]) =>
    json(statusCode, { message, error: STATUS_TEXT[statusCode] ?? 'Error', statusCode });

  function validateServer(server: unknown, where: string, problems: string[]) {
    if (server === undefined) return;
    if (!isRecord(server)) return problems.push(`${where} must be an object`);
    for (const key of Object.keys(server)) {
      if (!SERVER_FIELDS.has(key)) problems.push(`${where}.property ${key} should not exist`);
    }
    if (server.url !== undefined && (typeof server.url !== 'string' || !/^https?:\/\//.test(server.url))) {
      problems.push(`${where}.url must be a URL address`);
    }
    if (server.headers !== undefined) {
      if (!isRecord(server.headers) || Object.values(server.headers).some((v) => typeof v !== 'string')) {
        problems.push(`${where}.headers must be an object of strings`);
      }
    }
    const timeout = server.timeoutSeconds;
    if (timeout !== undefined && (typeof timeout !== 'number' || timeout < 1 || timeout > 300)) {
      problems.push(`${where}.timeoutSeconds must be between 1 and 300`);
    }
  }

  function validateName(name: unknown, problems: string[]) {
    if (name === undefined) return;
    if (typeof name !== 'string') problems.push('name must be a string');
    else if (name.length > 40) problems.push('name must be shorter than or equal to 40 characters');
  }

  function validateAssistant(body: unknown, { creating }: { creating: boolean }) {
    if (!isRecord(body)) throw badRequest('body must be an object');
    const problems: string[] = [];
    for (const key of Object.keys(body)) {
      if (!ASSISTANT_FIELDS.has(key)) problems.push(`property ${key} should not exist`);
    }
    validateName(body.name, problems);
    const { model, voice, transcriber } = body;
    if (creating && model === undefined) problems.push('model should not be null or undefined');
    if (model !== undefined) {
      if (!isRecord(model)) problems.push('model must be an object');
      else {
        if (typeof model.provider !== 'string') problems.push('model.provider must be a string');
        if (typeof model.model !== 'string') problems.push('model.model must be a string');
        if (model.messages !== undefined) {
          const ok =
            Array.isArray(model.messages) &&
            model.messages.every((m) => isRecord(m) && typeof m.role === 'string' && typeof m.content === 'string');
          if (!ok) problems.push('model.messages must be a list of {role, content}');
        }
        if (model.tools !== undefined) {
          const ok = Array.isArray(model.tools) && model.tools.every((t) => isRecord(t) && typeof t.type === 'string');
          if (!ok) problems.push('model.tools must be a list of tools, each with a type');
        }
      }
    }
    if (
      voice !== undefined &&
      !(isRecord(voice) && typeof voice.provider === 'string' && typeof voice.voiceId === 'string')
    ) {
      problems.push('voice must have a provider and a voiceId');
    }
    if (transcriber !== undefined && !(isRecord(transcriber) && typeof transcriber.provider === 'string')) {
      problems.push('transcriber must have a provider');
    }
    if (
      body.firstMessageMode !== undefined &&
      !(typeof body.firstMessageMode === 'string' && FIRST_MESSAGE_MODES.includes(body.firstMessageMode))
    ) {
      problems.push(`firstMessageMode must be one of the following values: ${FIRST_MESSAGE_MODES.join(', ')}`);
    }
    const duration = body.maxDurationSeconds;
    if (duration !== undefined && (typeof duration !== 'number' || duration < 10 || duration > 43200)) {
      problems.push('maxDurationSeconds must be between 10 and 43200');
    }
    if (body.metadata !== undefined && !isRecord(body.metadata)) problems.push('metadata must be an object');
    validateServer(body.server, 'server', problems);
    if (problems.length > 0) throw badRequest(problems);
    return body;
  }

  function createAssistant(body: unknown) {
    const definition = validateAssistant(body, { creating: true });
    const at = now();
    const assistant: FakeVapiAssistant = { ...definition, id: randomUUID(), orgId, createdAt: at, updatedAt: at };
    assistants.set(assistant.id, assistant);
    return json(201, assistant);
  }

  function updateAssistant(id: string, body: unknown) {
    const assistant = assistants.get(id);
    if (!assistant) throw new VapiHttpError(404, `Couldn't find an assistant with id ${id}`);
    const changes = validateAssistant(body, { creating: false });
    // A PATCH replaces each top-level field it names, nested objects whole.
    Object.assign(assistant, changes, { updatedAt: now() });
    return json(200, assistant);
  }

  function createPhoneNumber(body: unknown) {
    if (!isRecord(body)) throw badRequest('body must be an object');
    const problems: string[] = [];
    const { provider } = body;
    const fields = provider === 'vapi' ? VAPI_NUMBER_FIELDS : provider === 'twilio' ? TWILIO_NUMBER_FIELDS : null;
    if (!fields)
      throw badRequest('provider must be one of the following values: byo-phone-number, twilio, vonage, vapi, telnyx');
    for (const key of Object.keys(body)) {
      if (!fields.has(key)) problems.push(`property ${key} should not exist`);
    }
    validateName(body.name, problems);
    validateServer(body.server, 'server', problems);
    if (body.assistantId !== undefined && !(typeof body.assistantId === 'string' && assistants.has(body.assistantId))) {
      problems.push('assistantId must refer to an existing assistant');
    }
    const at = now();
    const common = {
      id: randomUUID(),
      orgId,
      createdAt: at,
      updatedAt: at,
      ...(body.name === undefined ? {} : { name: body.name as string }),
      ...(body.assistantId === undefined ? {} : { assistantId: body.assistantId as string }),
      ...(body.server === undefined ? {} : { server: body.server as FakeVapiPhoneNumber['server'] }),
    };

    if (provider === 'vapi') {
      const areaCode = body.numberDesiredAreaCode;
      if (typeof areaCode !== 'string' || !/^\d{3}$/.test(areaCode)) {
        problems.push('numberDesiredAreaCode must be a 3-digit US area code');
      }
      if (problems.length > 0) throw badRequest(problems);
      const code = areaCode as string;
      if (unavailableAreaCodes.includes(code)) {
        throw badRequest(`No phone numbers are available in area code ${code}. Please try a different area code.`);
      }
      const free = [...phoneNumbers.values()].filter((n) => n.provider === 'vapi').length;
      if (free >= freeNumberLimit) {
        throw badRequest(`Free number limit of ${freeNumberLimit} reached. Add a payment method to create more.`);
      }
      const number = `+1${code}${String(2_000_000 + ++lineCounter).padStart(7, '0')}`;
      const created: FakeVapiPhoneNumber = {
        ...common,
        provider: 'vapi',
        numberDesiredAreaCode: code,
        status: 'activating',
        number,
      };
      phoneNumbers.set(created.id, created);
      if (!digitsAfterCreate) return json(201, created);
      const { number: _withheld, ...withoutDigits } = created;
      return json(201, withoutDigits);
    }

    const { number, twilioAccountSid, twilioAuthToken, twilioApiKey, twilioApiSecret } = body;
    if (typeof number !== 'string' || !E164.test(number)) {
      problems.push(
        'number must be a valid phone number in the E.164 format. Hot tip, you may be missing the country code (Eg. US: +1).',
      );
    }
    if (typeof twilioAccountSid !== 'string') problems.push('twilioAccountSid must be a string');
    if (twilioAuthToken === undefined && (twilioApiKey === undefined || twilioApiSecret === undefined)) {
      problems.push('twilioAuthToken, or twilioApiKey and twilioApiSecret, must be given');
    }
    if (body.smsEnabled !== undefined && typeof body.smsEnabled !== 'boolean') {
      problems.push('smsEnabled must be a boolean value');
    }
    if (problems.length > 0) throw badRequest(problems);
    if (!twilio || twilioAccountSid !== twilio.accountSid || twilioAuthToken !== twilio.authToken) {
      throw badRequest('Twilio Error: Authenticate. Check the account SID and auth token.');
    }
    if (!twilio.numbers.includes(number as string)) {
      throw badRequest(`Number ${String(number)} Not Found in Twilio account ${twilio.accountSid}.`);
    }
    if ([...phoneNumbers.values()].some((n) => n.number === number)) {
      throw badRequest(`Number ${String(number)} already exists in your account.`);
    }
    const created: FakeVapiPhoneNumber = {
      ...common,
      provider: 'twilio',
      number: number as string,
      twilioAccountSid,
      smsEnabled: body.smsEnabled ?? true,
      status: 'active',
    };
    phoneNumbers.set(created.id, created);
    return json(201, created);
  }

  function updatePhoneNumber(id: string, body: unknown) {
    const phoneNumber = phoneNumbers.get(id);
    if (!phoneNumber) throw new VapiHttpError(404, `Couldn't find a phone number with id ${id}`);
    if (!isRecord(body)) throw badRequest('body must be an object');
    const problems = Object.keys(body)
      .filter((key) => !UPDATE_NUMBER_FIELDS.has(key))
      .map((key) => `property ${key} should not exist`);
    validateName(body.name, problems);
    validateServer(body.server, 'server', problems);
    if (problems.length > 0) throw badRequest(problems);
    Object.assign(phoneNumber, body, { updatedAt: now() });
    return json(200, phoneNumber);
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown): Response {
    const [, collection, id, ...rest] = path.split('/');
    if (rest.length > 0) throw new VapiHttpError(404, `Cannot ${method} ${path}`);
    if (collection === 'assistant') {
      if (!id && method === 'POST') return createAssistant(body);
      if (!id && method === 'GET') return json(200, [...assistants.values()].slice(0, limitOf(query)));
      const assistant = id ? assistants.get(id) : undefined;
      if (id && method === 'PATCH') return updateAssistant(id, body);
      if (id && !assistant) throw new VapiHttpError(404, `Couldn't find an assistant with id ${id}`);
      if (id && method === 'GET') return json(200, assistant);
      if (id && method === 'DELETE') {
        assistants.delete(id);
        return json(200, assistant);
      }
    }
    if (collection === 'phone-number') {
      if (!id && method === 'POST') return createPhoneNumber(body);
      if (!id && method === 'GET') return json(200, [...phoneNumbers.values()].slice(0, limitOf(query)));
      if (id && method === 'PATCH') return updatePhoneNumber(id, body);
      const phoneNumber = id ? phoneNumbers.get(id) : undefined;
      if (id && !phoneNumber) throw new VapiHttpError(404, `Couldn't find a phone number with id ${id}`);
      if (id && method === 'GET') return json(200, phoneNumber);
      if (id && method === 'DELETE') {
        phoneNumbers.delete(id);
        return json(200, phoneNumber);
      }
    }
    throw new VapiHttpError(404, `Cannot ${method} ${path}`);
  }

  function takeFailure(method: string, path: string) {
    const index = failures.findIndex(
      (f) => (!f.method || f.method === method) && (!f.path || path === f.path || path.startsWith(`${f.path}/`)),
    );
    return index === -1 ? undefined : failures.splice(index, 1)[0];
  }

  const fetch: FetchLike = (url, init) => {
    const parsed = new URL(url);
    if (parsed.origin !== 'https://api.vapi.ai') return Promise.reject(new TypeError(`fetch failed: ${url}`));
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const raw = typeof init.body === 'string' ? init.body : undefined;
    let body: unknown;
    try {
      body = raw === undefined ? undefined : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const path = parsed.pathname;
    const query = Object.fromEntries(parsed.searchParams);
    requests.push({
      method,
      path,
      query,
      authorization: headers.get('authorization'),
      contentType: headers.get('content-type'),
      body,
    });

    if (headers.get('authorization') !== `Bearer ${apiKey}`) {
      return Promise.resolve(
        errorResponse(401, 'Invalid Key. Hot tip, make sure you are using the private key, not the public one.'),
      );
    }
    const failure = takeFailure(method, path);
    if (failure?.kind === 'answer') {
      const statusCode = failure.statusCode!;
      return Promise.resolve(
        errorResponse(
          statusCode,
          failure.message ?? DEFAULT_FAILURE_MESSAGE[statusCode] ?? STATUS_TEXT[statusCode] ?? 'Error',
        ),
      );
    }
    if ((method === 'POST' || method === 'PATCH') && !headers.get('content-type')?.startsWith('application/json')) {
      return Promise.resolve(errorResponse(400, 'body must be JSON (content-type: application/json)'));
    }
    let response: Response;
    try {
      response = route(method, path, query, body);
    } catch (error) {
      if (!(error instanceof VapiHttpError)) throw error;
      response = errorResponse(error.statusCode, error.messages);
    }
    // The request went through on Vapi's side; its answer never arrives.
    if (failure?.kind === 'lose-answer')
      return Promise.reject(new TypeError('fetch failed', { cause: new Error('socket hang up') }));
    return Promise.resolve(response);
  };

  return {
    fetch,
    orgId,
    requests,
    assistants: () => [...assistants.values()],
    phoneNumbers: () => [...phoneNumbers.values()],
    /** Requests matching `method` and `path` (a path also matches the paths below it). */
    requestsTo: (method: string, path: string) =>
      requests.filter((r) => r.method === method && (r.path === path || r.path.startsWith(`${path}/`))),
    /**
     * The next request (matching `method` and `path`, if given) is answered with this status and Vapi's error body,
     * and changes nothing: 429 and 5xx as Vapi's rate limit or an outage, 400 as a refusal.
     */
    failNext(statusCode: number, { message, ...match }: RequestMatcher & { message?: string | string[] } = {}) {
      failures.push({ kind: 'answer', statusCode, message, ...match });
    },
    /** The next matching request is carried out, but its answer is lost (the connection drops). */
    loseNextAnswer(match: RequestMatcher = {}) {
      failures.push({ kind: 'lose-answer', ...match });
    },
    /** Vapi finishes activating a number. */
    activate(id: string) {
      const phoneNumber = phoneNumbers.get(id);
      if (!phoneNumber) throw new Error(`no phone number ${id}`);
      phoneNumber.status = 'active';
    },
  };
}

export type FakeVapiApi = ReturnType<typeof createFakeVapiApi>;

/** `limit`: 0 to 1000, default 100 (Vapi's list endpoints). */
function limitOf(query: Record<string, string>) {
  const limit = Number(query.limit ?? 100);
  if (!Number.isFinite(limit) || limit < 0 || limit > 1000) throw badRequest('limit must not be greater than 1000');
  return limit;
}
