import { describe, expect, it } from 'vitest';
import { nineToFiveWeek } from '../../../../tests/nine-to-five-week';
import { LANGUAGE_CODES, type Language } from '@shared/domain/languages';
import { formatCents } from '@shared/domain/money';
import { DEFAULT_ORDER_CAPS } from '@shared/domain/orders';
import { assistantTools, buildAssistant, notInServiceAssistant, type VapiAssistant } from './assistant';
import { PACKS } from '../language';
import type { CallContext, MenuEntry } from './call-context';
import { TOOL_NAMES } from './tool-types';

/**
 * Facts from Vapi's OpenAPI schema (VapiAI/docs fern/apis/api/openapi.json, August 2026; see docs/VAPI.md). Vapi
 * refuses properties its schema does not list, so the assistant may only use these.
 */
// prettier-ignore
const SPEC = {
  assistantKeys: [
    'transcriber', 'model', 'voice', 'firstMessage', 'firstMessageInterruptionsEnabled', 'firstMessageMode',
    'voicemailDetection', 'clientMessages', 'serverMessages', 'maxDurationSeconds', 'backgroundSound',
    'modelOutputInMessagesEnabled', 'transportConfigurations', 'observabilityPlan', 'credentials', 'hooks', 'name',
    'voicemailMessage', 'endCallMessage', 'endCallPhrases', 'compliancePlan', 'metadata',
    'backgroundSpeechDenoisingPlan', 'analysisPlan', 'artifactPlan', 'startSpeakingPlan', 'stopSpeakingPlan',
    'monitorPlan', 'credentialIds', 'server', 'keypadInputPlan',
  ],
  removedKeys: ['serverUrl', 'serverUrlSecret', 'endCallFunctionEnabled', 'forwardingPhoneNumber'],
  nameMaxLength: 40,
  firstMessageModes: ['assistant-speaks-first', 'assistant-speaks-first-with-model-generated-message', 'assistant-waits-for-user'],
  serverMessages: [
    'assistant.started', 'assistant.speechStarted', 'conversation-update', 'end-of-call-report', 'function-call',
    'hang', 'language-changed', 'language-change-detected', 'model-output', 'phone-call-control', 'speech-update',
    'status-update', 'transcript', 'tool-calls', 'transfer-destination-request', 'handoff-destination-request',
    'transfer-update', 'user-interrupted', 'voice-input',
  ],
  maxDuration: { min: 10, max: 43200 },
  endCallPhraseLength: { min: 2, max: 140 },
  openAiModelKeys: ['messages', 'tools', 'toolIds', 'toolRefs', 'knowledgeBase', 'provider', 'model', 'fallbackModels',
    'toolStrictCompatibilityMode', 'promptCacheRetention', 'promptCacheKey', 'reasoningEffort', 'temperature',
    'maxTokens', 'emotionRecognitionEnabled', 'numFastTurns'],
  openAiModels: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-4.1'],
  temperature: { min: 0, max: 2 },
  maxTokens: { min: 50, max: 10000 },
  messageRoles: ['assistant', 'function', 'user', 'system', 'tool'],
  deepgramKeys: ['provider', 'model', 'language', 'smartFormat', 'mipOptOut', 'numerals', 'profanityFilter',
    'redaction', 'confidenceThreshold', 'eotThreshold', 'eotTimeoutMs', 'languages', 'keywords', 'keyterm',
    'endpointing', 'fallbackPlan'],
  deepgramModels: ['nova-3', 'nova-3-general', 'nova-2', 'nova-2-general', 'nova-2-phonecall'],
  deepgramLanguages: ['en', 'en-US', 'es', 'fr', 'zh', 'zh-CN', 'multi'],
  azureVoiceKeys: ['cachingEnabled', 'provider', 'voiceId', 'chunkPlan', 'speed', 'fallbackPlan'],
  serverKeys: ['timeoutSeconds', 'credentialId', 'staticIpAddressesEnabled', 'encryptedPaths', 'url', 'headers', 'backoffPlan'],
  serverTimeout: { min: 1, max: 300 },
  artifactPlanKeys: ['recordingEnabled', 'recordingFormat', 'recordingUseCustomStorageEnabled', 'videoRecordingEnabled',
    'fullMessageHistoryEnabled', 'pcapEnabled', 'loggingEnabled', 'transcriptPlan', 'recordingPath'],
  functionToolKeys: ['messages', 'type', 'async', 'server', 'variableExtractionPlan', 'parameters', 'function', 'rejectionPlan'],
  openAiFunctionKeys: ['name', 'strict', 'description', 'parameters'],
  functionName: /^[a-zA-Z0-9_-]{1,64}$/,
  functionParametersKeys: ['type', 'properties', 'required'],
  jsonSchemaKeys: ['type', 'items', 'properties', 'description', 'pattern', 'format', 'required', 'enum', 'title'],
  jsonSchemaTypes: ['string', 'number', 'integer', 'boolean', 'array', 'object'],
  transferCallToolKeys: ['messages', 'type', 'destinations', 'rejectionPlan'],
  endCallToolKeys: ['messages', 'type', 'rejectionPlan'],
  toolMessageStartKeys: ['contents', 'type', 'blocking', 'content', 'conditions'],
  toolMessageMaxLength: 1000,
} as const;

type Json = Record<string, unknown>;
const keysOf = (value: unknown) => Object.keys(value as Json);

function expectOnlyKeys(value: unknown, allowed: readonly string[], where: string) {
  const extra = keysOf(value).filter((k) => !allowed.includes(k));
  expect(extra, `${where} has properties Vapi does not accept`).toEqual([]);
}

function expectJsonSchema(node: unknown, where: string) {
  const schema = node as Json;
  expectOnlyKeys(schema, SPEC.jsonSchemaKeys, where);
  expect(SPEC.jsonSchemaTypes, `${where}.type`).toContain(schema.type);
  if (schema.type === 'array') expectJsonSchema(schema.items, `${where}.items`);
  if (schema.properties) {
    for (const [key, child] of Object.entries(schema.properties as Json)) expectJsonSchema(child, `${where}.${key}`);
  }
  for (const key of (schema.required as string[] | undefined) ?? []) {
    expect(Object.keys((schema.properties as Json | undefined) ?? {}), `${where}.required`).toContain(key);
  }
}

function allKeysDeep(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) allKeysDeep(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      allKeysDeep(v, out);
    }
  }
  return out;
}

/** The checks the Vapi API would make on a CreateAssistantDTO, as far as PickupLine's assistant uses it. */
function expectValidAssistant(assistant: VapiAssistant) {
  const a = assistant as unknown as Json;
  expectOnlyKeys(a, SPEC.assistantKeys, 'assistant');
  const deepKeys = allKeysDeep(a);
  for (const removed of SPEC.removedKeys) expect(deepKeys, `removed field ${removed}`).not.toContain(removed);
  expect(keysOf(a)).not.toContain('recordingEnabled');

  expect(assistant.name.length).toBeGreaterThan(0);
  expect(assistant.name.length).toBeLessThanOrEqual(SPEC.nameMaxLength);
  expect(assistant.firstMessage.trim().length).toBeGreaterThan(0);
  expect(SPEC.firstMessageModes).toContain(assistant.firstMessageMode);
  for (const m of assistant.serverMessages) expect(SPEC.serverMessages).toContain(m);
  expect(assistant.maxDurationSeconds).toBeGreaterThanOrEqual(SPEC.maxDuration.min);
  expect(assistant.maxDurationSeconds).toBeLessThanOrEqual(SPEC.maxDuration.max);
  for (const phrase of assistant.endCallPhrases ?? []) {
    expect(phrase.length).toBeGreaterThanOrEqual(SPEC.endCallPhraseLength.min);
    expect(phrase.length).toBeLessThanOrEqual(SPEC.endCallPhraseLength.max);
  }
  expectOnlyKeys(assistant.artifactPlan, SPEC.artifactPlanKeys, 'artifactPlan');
  expect(typeof assistant.metadata).toBe('object');

  const { model } = assistant;
  expectOnlyKeys(model, SPEC.openAiModelKeys, 'model');
  expect(model.provider).toBe('openai');
  expect(SPEC.openAiModels).toContain(model.model);
  expect(model.temperature).toBeGreaterThanOrEqual(SPEC.temperature.min);
  expect(model.temperature).toBeLessThanOrEqual(SPEC.temperature.max);
  expect(model.maxTokens).toBeGreaterThanOrEqual(SPEC.maxTokens.min);
  expect(model.maxTokens).toBeLessThanOrEqual(SPEC.maxTokens.max);
  for (const message of model.messages) {
    expectOnlyKeys(message, ['role', 'content'], 'model.messages[]');
    expect(SPEC.messageRoles).toContain(message.role);
  }
  expect(model.messages[0]?.role).toBe('system');

  expectOnlyKeys(assistant.transcriber, SPEC.deepgramKeys, 'transcriber');
  expect(assistant.transcriber.provider).toBe('deepgram');
  expect(SPEC.deepgramModels).toContain(assistant.transcriber.model);
  expect(SPEC.deepgramLanguages).toContain(assistant.transcriber.language);

  expectOnlyKeys(assistant.voice, SPEC.azureVoiceKeys, 'voice');
  expect(assistant.voice.provider).toBe('azure');
  expect(assistant.voice.voiceId.length).toBeGreaterThan(0);

  if (assistant.server) {
    expectOnlyKeys(assistant.server, SPEC.serverKeys, 'server');
    expect(assistant.server.url).toMatch(/^https?:\/\//);
    expect(assistant.server.timeoutSeconds).toBeGreaterThanOrEqual(SPEC.serverTimeout.min);
    expect(assistant.server.timeoutSeconds).toBeLessThanOrEqual(SPEC.serverTimeout.max);
  }

  for (const [i, tool] of model.tools.entries()) {
    const where = `model.tools[${i}]`;
    for (const message of (tool as { messages?: unknown[] }).messages ?? []) {
      expectOnlyKeys(message, SPEC.toolMessageStartKeys, `${where}.messages[]`);
      const { type, content } = message as { type: string; content: string };
      expect(type).toBe('request-start');
      expect(content.length).toBeGreaterThan(0);
      expect(content.length).toBeLessThanOrEqual(SPEC.toolMessageMaxLength);
    }
    switch (tool.type) {
      case 'function': {
        expectOnlyKeys(tool, SPEC.functionToolKeys, where);
        expectOnlyKeys(tool.function, SPEC.openAiFunctionKeys, `${where}.function`);
        expect(tool.function.name).toMatch(SPEC.functionName);
        expect(tool.function.description.length).toBeGreaterThan(0);
        expectOnlyKeys(tool.function.parameters, SPEC.functionParametersKeys, `${where}.function.parameters`);
        expect(tool.function.parameters.type).toBe('object');
        expectJsonSchema(tool.function.parameters, `${where}.function.parameters`);
        break;
      }
      case 'transferCall':
        expectOnlyKeys(tool, SPEC.transferCallToolKeys, where);
        break;
      case 'endCall':
        expectOnlyKeys(tool, SPEC.endCallToolKeys, where);
        break;
      default:
        throw new Error(`unexpected tool type in ${where}`);
    }
  }

  // JSON-serialisable, unchanged by the round trip.
  expect(JSON.parse(JSON.stringify(assistant))).toEqual(assistant);
}

const MENU: MenuEntry[] = [
  {
    id: '4c7a3f56-5f57-4d0c-9b0e-1f1f6c2d0a01',
    name: 'Margherita Pizza',
    aliases: [],
    description: 'Tomato, mozzarella,\nbasil',
    priceCents: 1250,
    preparationTime: 15,
    isAvailable: true,
    categoryId: null,
    options: [],
  },
  {
    id: '4c7a3f56-5f57-4d0c-9b0e-1f1f6c2d0a02',
    name: 'Garlic Knots',
    aliases: [],
    description: null,
    priceCents: 600,
    preparationTime: 5,
    isAvailable: true,
    categoryId: null,
    options: [],
  },
  {
    id: '4c7a3f56-5f57-4d0c-9b0e-1f1f6c2d0a03',
    name: 'Tiramisu',
    aliases: [],
    description: 'House made',
    priceCents: 795,
    preparationTime: 2,
    isAvailable: false,
    categoryId: null,
    options: [],
  },
];

function context(overrides: Partial<CallContext> = {}): CallContext {
  return {
    restaurantId: 'owner-1',
    restaurantName: "Luigi's Pizzeria",
    language: 'en',
    greeting: "Welcome to Luigi's! How can I help you today?",
    isBusyMode: false,
    busyMessage: 'We are swamped right now, please call back in 30 minutes.',
    timeZone: 'America/New_York',
    // Monday to Saturday 09:00–17:00, Sunday closed.
    hours: nineToFiveWeek(),
    menu: MENU,
    menuVersion: 'fixture',
    categories: [],
    allowCustomOrders: true,
    autoSmsEnabled: true,
    caps: { ...DEFAULT_ORDER_CAPS },
    forwardingPhone: '+14155550100',
    canTakeOrders: true,
    ...overrides,
  };
}

// Tuesday 10 March 2026: 11:00 in New York (UTC−4 since 8 March).
const OPEN_NOW = new Date('2026-03-10T15:00:00Z');
// The same Tuesday at 19:30 in New York: closed, opens tomorrow at 9.
const CLOSED_NOW = new Date('2026-03-10T23:30:00Z');
// Saturday 14 March 2026 at 18:00 in New York: closed, and Sunday is closed, so it opens on Monday.
const SATURDAY_EVENING = new Date('2026-03-14T22:00:00Z');
const SERVER_URL = 'https://orders.example.com/api/webhooks/vapi';

const build = (ctx: CallContext, now = OPEN_NOW) =>
  buildAssistant(ctx, { serverUrl: SERVER_URL, now, serverAuth: { secret: 'hook-secret' } });
const promptOf = (assistant: VapiAssistant) => assistant.model.messages[0]!.content;

describe('buildAssistant', () => {
  it.each(LANGUAGE_CODES)('builds an assistant Vapi accepts (%s)', (language) => {
    const assistant = build(context({ language }));
    expectValidAssistant(assistant);
    expect(assistant.transcriber).toEqual({ provider: 'deepgram', model: 'nova-3', language });
    expect(assistant.metadata).toEqual({ restaurantId: 'owner-1' });
    expect(assistant.serverMessages).toEqual(
      expect.arrayContaining(['tool-calls', 'status-update', 'end-of-call-report', 'transfer-destination-request']),
    );
    expect(assistant.server).toEqual({
      url: SERVER_URL,
      timeoutSeconds: expect.any(Number) as number,
      headers: { 'X-Vapi-Secret': 'hook-secret' },
    });
  });

  it('authenticates its events with a credential instead of the secret when given one', () => {
    const assistant = buildAssistant(context(), {
      serverUrl: SERVER_URL,
      now: OPEN_NOW,
      serverAuth: { credentialId: 'cred-123' },
    });
    expect(assistant.server).toEqual({
      url: SERVER_URL,
      timeoutSeconds: expect.any(Number) as number,
      credentialId: 'cred-123',
    });
    expectValidAssistant(assistant);
  });

  it('offers exactly the executor tools, a transfer without fixed destinations, and hanging up', () => {
    const tools = assistantTools('en');
    const functions = tools.flatMap((t) => (t.type === 'function' ? [t.function.name] : []));
    expect([...functions].sort()).toEqual([...TOOL_NAMES].sort());
    const transfer = tools.find((t) => t.type === 'transferCall');
    expect(transfer).toEqual({ type: 'transferCall', destinations: [] });
    expect(tools.some((t) => t.type === 'endCall')).toBe(true);

    const placeOrder = tools.find((t) => t.type === 'function' && t.function.name === 'place_order');
    if (placeOrder?.type !== 'function') throw new Error('no place_order tool');
    const { properties, required } = placeOrder.function.parameters;
    expect(required).toEqual(['customer_name', 'items']);
    expect(properties.customer_name?.type).toBe('string');
    expect(properties.custom_order_text?.type).toBe('string');
    expect(properties.items).toMatchObject({
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          menu_item_id: { type: 'string' },
          quantity: { type: 'integer' },
          notes: { type: 'string' },
        },
        required: ['quantity'],
      },
    });
    for (const name of ['get_menu', 'check_hours', 'get_order_status', 'transfer_to_staff']) {
      const tool = tools.find((t) => t.type === 'function' && t.function.name === name);
      if (tool?.type !== 'function') throw new Error(`no ${name} tool`);
      expect(tool.function.parameters.properties).toEqual({});
    }
  });

  it('fills pauses in the call language rather than with English defaults', () => {
    for (const language of LANGUAGE_CODES) {
      for (const tool of assistantTools(language)) {
        if (tool.type !== 'function') continue;
        expect(tool.messages?.[0]?.content.length).toBeGreaterThan(0);
      }
    }
    const zh = assistantTools('zh').find((t) => t.type === 'function');
    expect(zh?.type === 'function' && zh.messages?.[0]?.content).toMatch(/[\u4e00-\u9fff]/);
  });

  it('greets with the restaurant greeting and a recording notice in the call language', () => {
    expect(build(context()).firstMessage).toBe(
      "Welcome to Luigi's! How can I help you today? This call may be recorded.",
    );
    const spanish = build(context({ language: 'es', greeting: '¡Bienvenido a Luigi! ¿En qué le puedo ayudar?' }));
    expect(spanish.firstMessage).toBe('¡Bienvenido a Luigi! ¿En qué le puedo ayudar? Esta llamada puede ser grabada.');
    for (const language of LANGUAGE_CODES) {
      expect(build(context({ language })).firstMessage).toContain(PACKS[language].call.recordingNotice);
    }
  });

  it('answers with the busy message in busy mode, and tells the model not to take orders', () => {
    const assistant = build(context({ isBusyMode: true }));
    expect(assistant.firstMessage).toContain('We are swamped right now, please call back in 30 minutes.');
    expect(assistant.firstMessage).toContain('This call may be recorded.');
    expect(promptOf(assistant)).toContain('Busy mode is ON');
    expect(promptOf(assistant)).toContain('"We are swamped right now, please call back in 30 minutes."');
    expect(promptOf(build(context()))).not.toContain('Busy mode');
  });

  it('puts the restaurant, its menu with prices and what is sold out in the prompt', () => {
    const prompt = promptOf(build(context()));
    expect(prompt).toContain("Luigi's Pizzeria");
    expect(prompt).toContain(`- Margherita Pizza: ${formatCents(1250)} (Tomato, mozzarella, basil)`);
    expect(prompt).toContain(`- Garlic Knots: ${formatCents(600)}`);
    const [menu, afterMenu] = prompt.split('## Sold out today');
    expect(menu).not.toContain('Tiramisu');
    expect(afterMenu).toContain('- Tiramisu');
    expect(prompt).not.toContain(formatCents(795));
  });

  it('states the hours in the restaurant time zone, whether it is open now and when it next opens', () => {
    const open = promptOf(build(context()));
    expect(open).toContain('It is Tuesday, 11:00 AM at the restaurant (time zone America/New_York).');
    expect(open).toContain('The restaurant is open and closes at 5:00 PM.');
    expect(open).toContain('- Monday: 9:00 AM to 5:00 PM');
    expect(open).toContain('- Sunday: closed');
    expect(open).not.toContain('Do not take an order while the restaurant is closed');

    const evening = promptOf(build(context(), CLOSED_NOW));
    expect(evening).toContain('The restaurant is closed now. It opens tomorrow at 9:00 AM.');
    expect(evening).toContain('Do not take an order while the restaurant is closed');

    const weekend = promptOf(build(context(), SATURDAY_EVENING));
    expect(weekend).toContain('It opens on Monday at 9:00 AM.');

    const never = promptOf(build(context({ hours: nineToFiveWeek().map((h) => ({ ...h, isClosed: true })) })));
    expect(never).toContain('The restaurant has no opening hours set, so it is closed.');
  });

  it('lists both periods of a split day and marks one that ends after midnight, in every language', () => {
    // Friday 11:00–14:00 and 18:00–02:00; it is 01:00 on Saturday 14 March 2026 in New York.
    const hours = nineToFiveWeek().map((d) =>
      d.dayOfWeek === 5
        ? { ...d, openTime: '11:00:00', closeTime: '14:00:00', openTime2: '18:00:00', closeTime2: '02:00:00' }
        : d,
    );
    const lateFriday = new Date('2026-03-14T05:00:00Z');
    const expected: Record<Language, string[]> = {
      en: ['- Friday: 11:00 AM to 2:00 PM and 6:00 PM to 2:00 AM (the next day)', 'open and closes at 2:00 AM'],
      es: ['- viernes: de 11:00 a.m. a 2:00 p.m. y de 6:00 p.m. a 2:00 a.m. (del día siguiente)', 'cierra a las 2:00'],
      fr: ['- vendredi : de 11:00 à 14:00 et de 18:00 à 2:00 (le lendemain)', 'ouvert et ferme à 2:00'],
      zh: ['- 星期五：11:00至14:00，18:00至次日2:00', '正在营业，2:00打烊'],
    };
    for (const language of LANGUAGE_CODES) {
      const prompt = promptOf(build(context({ language, hours }), lateFriday));
      for (const text of expected[language]) expect(prompt).toContain(text);
      expect(prompt).not.toContain(PACKS[language].prompt.closedRule);
    }
  });

  it('follows the custom-order setting, the order caps, the plan and the staff line', () => {
    const allowed = promptOf(build(context()));
    expect(allowed).toContain('custom_order_text');
    expect(allowed).toContain(
      `at most ${DEFAULT_ORDER_CAPS.maxQuantityPerLine} of one item, ${DEFAULT_ORDER_CAPS.maxLines} different items and ${formatCents(DEFAULT_ORDER_CAPS.maxTotalCents)} in total`,
    );
    expect(allowed).not.toContain('Phone orders are not available');
    expect(allowed).toContain('A staff member can take a transferred call.');

    const strict = promptOf(build(context({ allowCustomOrders: false, canTakeOrders: false, forwardingPhone: null })));
    expect(strict).toContain('Only items on the menu can be ordered');
    expect(strict).toContain('Phone orders are not available at the moment. Do not take an order');
    expect(strict).toContain('No staff line is set up');
  });

  it('carries the ordering rules', () => {
    const prompt = promptOf(build(context()));
    expect(prompt).toContain('read back every item');
    expect(prompt).toContain('Call place_order only after the caller clearly says yes');
    expect(prompt).toContain('Never invent items, prices');
    expect(prompt).toContain('allergy');
    expect(prompt).toContain('caller ID: never ask for it');
    expect(prompt).toContain('call transfer_to_staff');
    expect(prompt).toContain('call transferCall at once');
  });

  it('writes each language its own prompt, with no English sentences in the others', () => {
    const english = PACKS.en.prompt;
    const englishSentences = [english.language, english.closedRule, english.customAllowed, ...english.rules];
    const markers: Record<Language, RegExp> = {
      en: /Always speak English/,
      es: /Hable siempre en español/,
      fr: /Parlez toujours en français/,
      zh: /请始终用中文/,
    };
    for (const language of LANGUAGE_CODES) {
      const prompt = promptOf(build(context({ language })));
      expect(prompt).toMatch(markers[language]);
      expect(prompt, 'a doubled full stop').not.toMatch(/\.\.(\s|$)/);
      for (const other of LANGUAGE_CODES.filter((l) => l !== language)) expect(prompt).not.toMatch(markers[other]);
      if (language === 'en') continue;
      for (const sentence of englishSentences) expect(prompt).not.toContain(sentence);
      // Apart from names (restaurant, dishes, tools, time zone), no English words.
      const rest = prompt
        .replace(/Luigi's Pizzeria|Margherita Pizza|Garlic Knots|Tiramisu|Tomato, mozzarella, basil/g, '')
        .replace(/America\/New_York/g, '')
        .replace(
          /\b(get_menu|check_hours|place_order|get_order_status|transfer_to_staff|transferCall|endCall|custom_order_text|notes)\b/g,
          '',
        );
      expect(rest).not.toMatch(/\b(the|you|caller|never|always|order|only|when|with|please)\b/i);
    }
    expect(promptOf(build(context({ language: 'zh' })))).toContain('星期二');
  });

  it('stays well under Vapi limits with a large menu', () => {
    const bigMenu: MenuEntry[] = Array.from({ length: 150 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Dish number ${i}`,
      aliases: [],
      description: 'A long description of this dish that goes on and on. '.repeat(10),
      priceCents: 500 + i,
      preparationTime: 10,
      isAvailable: i % 10 !== 0,
      categoryId: null,
      options: [],
    }));
    const assistant = build(context({ menu: bigMenu, restaurantName: 'A'.repeat(120) }));
    expectValidAssistant(assistant);
    expect(JSON.stringify(assistant).length).toBeLessThan(64 * 1024);
    // Descriptions are cut short, and owner text never breaks the prompt's lines.
    expect(promptOf(assistant)).toMatch(/- Dish number 1: \$5\.01 \(A long description[^\n]{0,130}…\)/);
  });
});

describe('notInServiceAssistant', () => {
  it('says the number is not in service and hangs up', () => {
    const assistant = notInServiceAssistant();
    expectValidAssistant(assistant);
    expect(assistant.firstMessage).toMatch(/this number is not in service/i);
    expect(assistant.model.tools).toEqual([{ type: 'endCall' }]);
    expect(assistant.endCallPhrases).toEqual(['goodbye']);
    expect(assistant.firstMessage.toLowerCase()).toContain('goodbye');
    expect(assistant.serverMessages).toEqual([]);
    expect(assistant.maxDurationSeconds).toBeLessThanOrEqual(60);
  });
});
