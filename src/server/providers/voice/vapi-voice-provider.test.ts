import { describe, expect, it } from 'vitest';
import { createFakeVapiApi, type FakeVapiOptions } from '../../../../tests/fake-vapi-api';
import { createLogger } from '../../logger';
import { buildAssistant } from '../../modules/voice/assistant';
import type { CallContext } from '../../modules/voice/call-context';
import { createVoiceProvider } from './create-voice-provider';
import { createVapiVoiceProvider, numberTag, usAreaCode, VapiApiError } from './vapi-voice-provider';
import type { CreateAgentInput } from './voice-provider';

const API_KEY = 'vapi-private-key-0123456789';
const SECRET = 'webhook-secret-abcdef';
const APP_URL = 'https://orders.example.com';
const TWILIO = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'twilio-token-xyz' };
const OWNER = '5f0b7d0e-3c52-4c55-9d7e-7a0c2f4b9a11';

const CONTEXT: CallContext = {
  restaurantId: OWNER,
  restaurantName: 'Golden Lotus',
  language: 'en',
  greeting: 'Thanks for calling Golden Lotus!',
  isBusyMode: false,
  busyMessage: 'We are busy.',
  timeZone: 'America/New_York',
  hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    openTime: '09:00',
    closeTime: '21:00',
    isClosed: false,
  })),
  menuVersion: 'fixture',
  menu: [
    {
      id: 'c3a1d7a2-8d0e-4f57-a0f4-1b1e5d7c9e01',
      name: 'Dumplings',
      aliases: [],
      description: null,
      priceCents: 899,
      preparationTime: 10,
      isAvailable: true,
      categoryId: null,
      options: [],
    },
  ],
  categories: [],
  allowCustomOrders: true,
  autoSmsEnabled: true,
  caps: { maxQuantityPerLine: 20, maxLines: 20, maxTotalCents: 50_000 },
  forwardingPhone: null,
  canTakeOrders: true,
};

function setup(fakeOptions: Partial<FakeVapiOptions> = {}, { withTwilio = false } = {}) {
  const api = createFakeVapiApi({
    apiKey: API_KEY,
    twilio: { ...TWILIO, numbers: ['+12125550123'] },
    ...fakeOptions,
  });
  const provider = createVapiVoiceProvider({
    apiKey: API_KEY,
    webhookSecret: SECRET,
    appUrl: APP_URL,
    twilio: withTwilio ? TWILIO : undefined,
    fetch: api.fetch,
  });
  const saved: string[] = [];
  const input = (overrides: Partial<CreateAgentInput> = {}): CreateAgentInput => ({
    userId: OWNER,
    restaurantName: 'Golden Lotus',
    language: 'en',
    openHours: '09:00:00',
    closeHours: '21:00:00',
    assistant: { ...buildAssistant(CONTEXT, { serverUrl: provider.serverUrl, now: new Date('2026-05-04T15:00:00Z') }) },
    attempt: 0,
    onAgentCreated: (agentId) => {
      saved.push(agentId);
      return Promise.resolve();
    },
    ...overrides,
  });
  return { api, provider, input, saved };
}

describe('the Vapi voice provider', () => {
  it('creates the assistant, then a free number in the owner’s area code pointing at our webhook', async () => {
    const { api, provider, input, saved } = setup();
    const agent = await provider.createAgent(input({ phoneNumber: '(212) 555-0123' }));

    const [assistant] = api.assistants();
    const [number] = api.phoneNumbers();
    expect(api.assistants()).toHaveLength(1);
    expect(api.phoneNumbers()).toHaveLength(1);
    expect(agent).toEqual({ agentId: assistant!.id, phoneNumber: number!.number, phoneNumberId: number!.id });
    expect(agent.phoneNumber).toMatch(/^\+1212\d{7}$/);
    // Stored while Vapi is still activating it.
    expect(number!.status).toBe('activating');
    expect(saved).toEqual([assistant!.id]);

    const [createAssistant, createNumber] = api.requests;
    expect(createAssistant).toMatchObject({
      method: 'POST',
      path: '/assistant',
      authorization: `Bearer ${API_KEY}`,
      contentType: 'application/json',
    });
    expect(createAssistant!.body).toMatchObject({
      name: 'PickupLine Golden Lotus',
      model: { provider: 'openai' },
      server: { url: `${APP_URL}/api/webhooks/vapi`, headers: { 'X-Vapi-Secret': SECRET } },
      metadata: { restaurantId: OWNER },
    });
    expect(createNumber).toMatchObject({ method: 'POST', path: '/phone-number' });
    expect(createNumber!.body).toEqual({
      provider: 'vapi',
      numberDesiredAreaCode: '212',
      name: `Golden Lotus ${numberTag(OWNER)}`,
      server: { url: `${APP_URL}/api/webhooks/vapi`, headers: { 'X-Vapi-Secret': SECRET } },
    });
    // No assistantId: each call asks our server for its assistant.
    expect(number).not.toHaveProperty('assistantId');
    expect(provider.agentDashboardUrl(agent.agentId)).toBe(`https://dashboard.vapi.ai/assistants/${agent.agentId}`);
  });

  it('imports the owner’s own number from our Twilio account when Twilio is configured', async () => {
    const { api, provider, input } = setup({}, { withTwilio: true });
    const agent = await provider.createAgent(input({ phoneNumber: '212-555-0123' }));

    expect(agent.phoneNumber).toBe('+12125550123');
    expect(api.requestsTo('POST', '/phone-number')[0]!.body).toEqual({
      provider: 'twilio',
      number: '+12125550123',
      twilioAccountSid: TWILIO.accountSid,
      twilioAuthToken: TWILIO.authToken,
      smsEnabled: false,
      name: `Golden Lotus ${numberTag(OWNER)}`,
      server: { url: `${APP_URL}/api/webhooks/vapi`, headers: { 'X-Vapi-Secret': SECRET } },
    });
    expect(api.phoneNumbers()).toEqual([
      expect.objectContaining({ provider: 'twilio', number: '+12125550123', smsEnabled: false, status: 'active' }),
    ]);
  });

  it('asks for a new number in the restaurant’s listed area code, else 415', async () => {
    const listed = setup();
    await listed.provider.createAgent(listed.input({ contactNumber: '(312) 555-0188' }));
    expect(listed.api.requestsTo('POST', '/phone-number')[0]!.body).toMatchObject({ numberDesiredAreaCode: '312' });

    const none = setup();
    await none.provider.createAgent(none.input());
    expect(none.api.requestsTo('POST', '/phone-number')[0]!.body).toMatchObject({ numberDesiredAreaCode: '415' });

    // 555 is not a real area code (fictional numbers), nor is a number outside North America.
    expect(usAreaCode('(555) 123-4567')).toBe('555');
    expect(usAreaCode('+44 20 7946 0000')).toBeNull();
    expect(usAreaCode('(123) 456-7890')).toBeNull();
  });

  it('falls back to 415 when Vapi has no number in the restaurant’s area code', async () => {
    const { api, provider, input } = setup({ unavailableAreaCodes: ['212'] });
    const agent = await provider.createAgent(input({ phoneNumber: '(212) 555-0123' }));
    expect(agent.phoneNumber).toMatch(/^\+1415\d{7}$/);
    expect(
      api
        .requestsTo('POST', '/phone-number')
        .map((r) => (r.body as { numberDesiredAreaCode: string }).numberDesiredAreaCode),
    ).toEqual(['212', '415']);
    expect(api.phoneNumbers()).toHaveLength(1);
  });

  it('reads the digits of a number Vapi answered without them', async () => {
    const { api, provider, input } = setup({ digitsAfterCreate: true });
    const agent = await provider.createAgent(input());
    expect(agent.phoneNumber).toBe(api.phoneNumbers()[0]!.number);
    expect(api.requestsTo('GET', '/phone-number')).toHaveLength(1);
  });

  it('reuses the assistant an earlier attempt saved, brought up to date, and finds the number it created', async () => {
    const { api, provider, input, saved } = setup();
    // The first attempt creates the assistant and the number, but Vapi's answer to the number is lost.
    api.loseNextAnswer({ method: 'POST', path: '/phone-number' });
    await expect(provider.createAgent(input())).rejects.toMatchObject({
      name: 'VapiApiError',
      isPermanent: false,
      message: expect.stringContaining('Vapi could not be reached to create a phone number') as string,
    });
    expect(saved).toHaveLength(1);
    expect(api.phoneNumbers()).toHaveLength(1);

    const changed = { ...input().assistant, firstMessage: 'Hello again' };
    const retried = await provider.createAgent(input({ existingAgentId: saved[0], assistant: changed }));
    expect(retried).toEqual({
      agentId: saved[0],
      phoneNumber: api.phoneNumbers()[0]!.number,
      phoneNumberId: api.phoneNumbers()[0]!.id,
    });
    expect(api.assistants()).toHaveLength(1);
    expect(api.phoneNumbers()).toHaveLength(1);
    expect(api.requestsTo('PATCH', '/assistant')).toHaveLength(1);
    expect(api.requestsTo('POST', '/assistant')).toHaveLength(1);
    expect(api.assistants()[0]).toMatchObject({ firstMessage: 'Hello again' });
    expect(saved).toHaveLength(1);
  });

  it('creates a new assistant when the saved one was deleted on Vapi, and ignores a local agent id', async () => {
    const { api, provider, input, saved } = setup();
    const first = await provider.createAgent(input());
    await api.fetch(`https://api.vapi.ai/assistant/${first.agentId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    const second = await provider.createAgent(input({ existingAgentId: first.agentId }));
    expect(second.agentId).not.toBe(first.agentId);
    expect(saved).toEqual([first.agentId, second.agentId]);
    // The number was found again by its tag rather than bought twice.
    expect(second.phoneNumberId).toBe(first.phoneNumberId);
    expect(api.phoneNumbers()).toHaveLength(1);

    const fromLocal = setup();
    await fromLocal.provider.createAgent(
      fromLocal.input({ existingAgentId: 'local_0b6c1b8e-9f7e-4c39-a7a6-1c8d2f3e4a5b' }),
    );
    expect(fromLocal.api.requestsTo('PATCH', '/assistant')).toHaveLength(0);
    expect(fromLocal.api.assistants()).toHaveLength(1);
  });

  it.each([400, 401, 403, 404, 422])('a %i from Vapi is permanent and carries Vapi’s message', async (status) => {
    const { api, provider, input } = setup();
    api.failNext(status, { method: 'POST', path: '/phone-number', message: 'numberDesiredAreaCode is not supported' });
    const error = await provider.createAgent(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VapiApiError);
    expect(error).toMatchObject({
      status,
      isPermanent: true,
      message: 'Vapi could not create a phone number in area code 415: numberDesiredAreaCode is not supported',
    });
  });

  it.each([429, 500, 503])('a %i from Vapi is retried later', async (status) => {
    const { api, provider, input } = setup();
    api.failNext(status, { method: 'POST', path: '/assistant' });
    const error = await provider.createAgent(input()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status, isPermanent: false });
    expect(api.assistants()).toHaveLength(0);
    await expect(provider.createAgent(input())).resolves.toMatchObject({ agentId: api.assistants()[0]!.id });
  });

  it('joins a list of validation messages and never repeats a secret', async () => {
    const { api, provider, input } = setup();
    api.failNext(400, {
      method: 'POST',
      path: '/assistant',
      message: [`model.model must be a string`, `key ${API_KEY} and ${SECRET} rejected`],
    });
    const error = (await provider.createAgent(input()).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      'Vapi could not create the assistant: model.model must be a string; key [redacted] and [redacted] rejected',
    );

    const wrongKey = createVapiVoiceProvider({
      apiKey: 'not-the-key',
      webhookSecret: SECRET,
      appUrl: APP_URL,
      fetch: api.fetch,
    });
    await expect(wrongKey.createAgent(input())).rejects.toMatchObject({ status: 401, isPermanent: true });
  });

  it('the fake refuses what Vapi refuses: unknown fields, a missing model, an area code without digits', async () => {
    const { api, provider, input } = setup();
    await expect(
      provider.createAgent(input({ assistant: { serverUrl: 'https://old.example.com', recordingEnabled: true } })),
    ).rejects.toMatchObject({
      status: 400,
      message:
        'Vapi could not create the assistant: property serverUrl should not exist; property recordingEnabled should not exist; model should not be null or undefined',
    });
    const noAreaCode = await api.fetch('https://api.vapi.ai/phone-number', {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'vapi', assistantId: 'nope' }),
    });
    expect(noAreaCode.status).toBe(400);
    expect(await noAreaCode.json()).toEqual({
      message: [
        'assistantId must refer to an existing assistant',
        'numberDesiredAreaCode must be a 3-digit US area code',
      ],
      error: 'Bad Request',
      statusCode: 400,
    });
  });

  it('a network failure is retried later and never shows the key', async () => {
    const provider = createVapiVoiceProvider({
      apiKey: API_KEY,
      webhookSecret: SECRET,
      appUrl: APP_URL,
      fetch: () => Promise.reject(new TypeError(`getaddrinfo ENOTFOUND api.vapi.ai (${API_KEY})`)),
    });
    const error = await provider.createAgent(setup().input()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: null,
      isPermanent: false,
      message: 'Vapi could not be reached to create the assistant: getaddrinfo ENOTFOUND api.vapi.ai ([redacted])',
    });
  });
});

describe('createVoiceProvider', () => {
  const logger = createLogger('silent');
  const base = { APP_URL, TWILIO_ACCOUNT_SID: undefined, TWILIO_AUTH_TOKEN: undefined, VAPI_WEBHOOK_SECRET: undefined };

  it('is local without VAPI_API_KEY and Vapi with it', () => {
    expect(createVoiceProvider({ ...base, VAPI_API_KEY: undefined }, logger).name).toBe('local');
    const vapi = createVoiceProvider({ ...base, VAPI_API_KEY: API_KEY, VAPI_WEBHOOK_SECRET: SECRET }, logger);
    expect(vapi.name).toBe('vapi');
    expect(vapi.serverUrl).toBe(`${APP_URL}/api/webhooks/vapi`);
  });

  it('refuses a Vapi key without the webhook secret', () => {
    expect(() => createVoiceProvider({ ...base, VAPI_API_KEY: API_KEY }, logger)).toThrow(/VAPI_WEBHOOK_SECRET/);
  });

  it('imports own numbers only when our Twilio account is configured', async () => {
    const api = createFakeVapiApi({ apiKey: API_KEY, twilio: { ...TWILIO, numbers: ['+12125550123'] } });
    const env = { ...base, VAPI_API_KEY: API_KEY, VAPI_WEBHOOK_SECRET: SECRET };
    const { input } = setup();
    await createVoiceProvider(env, logger, { fetch: api.fetch }).createAgent(input({ phoneNumber: '2125550123' }));
    await createVoiceProvider(
      { ...env, TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken },
      logger,
      { fetch: api.fetch },
    ).createAgent(input({ phoneNumber: '2125550123', userId: 'b7c3c1d4-1111-4c55-9d7e-7a0c2f4b9a11' }));
    expect(api.phoneNumbers().map((n) => n.provider)).toEqual(['vapi', 'twilio']);
  });
});
