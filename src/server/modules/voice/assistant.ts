import type { Language } from '@shared/domain/languages';
import { VAPI_SECRET_HEADER } from '../../providers/voice/vapi-voice-provider';
import type { CallContext } from './call-context';
import { buildSystemPrompt } from './assistant-prompt';
import { PACKS } from '../language';
import type { ToolName } from './tool-types';

/**
 * The voice provider's assistant for one call (Vapi's CreateAssistantDTO, the fields PickupLine uses), answered to
 * each `assistant-request` and built from the restaurant's data as it is at that moment, so a change in Settings
 * reaches the very next call without re-provisioning anything.
 *
 * Only fields present in Vapi's current OpenAPI schema are used: Vapi refuses an assistant carrying a property it does
 * not know ("property … should not exist"), and an assistant-request answered with an invalid assistant fails the
 * call. In particular none of the removed fields (serverUrl, serverUrlSecret, endCallFunctionEnabled,
 * forwardingPhoneNumber, a top-level recordingEnabled) and, in tool parameter schemas, only the JSON Schema keywords
 * Vapi's `JsonSchema` accepts (type, properties, items, required, description, enum).
 */

/** A JSON schema node as Vapi's `JsonSchema` accepts it. */
export interface VapiJsonSchema {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  description?: string;
  properties?: Record<string, VapiJsonSchema>;
  items?: VapiJsonSchema;
  required?: string[];
  enum?: string[];
}

export interface VapiToolMessage {
  type: 'request-start';
  content: string;
}

export interface VapiFunctionTool {
  type: 'function';
  function: {
    name: ToolName;
    description: string;
    parameters: { type: 'object'; properties: Record<string, VapiJsonSchema>; required?: string[] };
  };
  messages?: VapiToolMessage[];
}

/**
 * Vapi's built-in transfer. With no destinations, Vapi asks the server (`transfer-destination-request`) where to
 * transfer when the model calls it, and the webhook answers with the restaurant's staff line as it is then.
 */
export interface VapiTransferCallTool {
  type: 'transferCall';
  destinations: [];
}

export interface VapiEndCallTool {
  type: 'endCall';
}

export type VapiTool = VapiFunctionTool | VapiTransferCallTool | VapiEndCallTool;

export interface VapiAssistant {
  name: string;
  firstMessage: string;
  firstMessageMode: 'assistant-speaks-first';
  model: {
    provider: 'openai';
    model: string;
    temperature: number;
    maxTokens: number;
    messages: { role: 'system'; content: string }[];
    tools: VapiTool[];
  };
  transcriber: { provider: 'deepgram'; model: 'nova-3'; language: Language };
  voice: { provider: 'azure'; voiceId: string };
  serverMessages: string[];
  server?: { url: string; timeoutSeconds: number; credentialId?: string; headers?: Record<string, string> };
  endCallPhrases?: string[];
  maxDurationSeconds: number;
  artifactPlan: { recordingEnabled: boolean };
  metadata: Record<string, string>;
}

/** The server messages the webhook acts on; everything else would only cost requests. */
export const ASSISTANT_SERVER_MESSAGES = [
  'tool-calls',
  'status-update',
  'end-of-call-report',
  'transfer-destination-request',
] as const;

export const ASSISTANT_MODEL = 'gpt-4o-mini';
/** A pickup order takes a few minutes; this ends a call that was forgotten off the hook. */
export const MAX_CALL_SECONDS = 900;
/**
 * How long Vapi waits for a tool answer. Tools answer in milliseconds; past this the caller has heard silence for
 * too long anyway, and the executor's stored answer lets a repeated tool call finish what a slow one started.
 */
export const TOOL_TIMEOUT_SECONDS = 10;
/** Vapi's limit on `name`. */
const MAX_NAME_LENGTH = 40;

/** How the webhook authenticates Vapi's requests for this assistant's events (see buildAssistant). */
export type ServerAuth = { credentialId: string } | { secret: string };

/**
 * Function tools carry a `request-start` line in the call's language: without one Vapi fills the pause with an
 * English "Hold on a sec", whatever language the call is in.
 */
function functionTool(
  name: ToolName,
  description: string,
  filler: string,
  properties: Record<string, VapiJsonSchema> = {},
  required: string[] = [],
): VapiFunctionTool {
  return {
    type: 'function',
    function: {
      name,
      description,
      parameters: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
    },
    messages: [{ type: 'request-start', content: filler }],
  };
}

export function assistantTools(language: Language): VapiTool[] {
  const wait = PACKS[language].call.oneMoment;
  return [
    functionTool(
      'get_menu',
      "Get the restaurant's current menu by category: items that can be ordered, their prices, their options (sizes, extras) with price changes, and what is sold out.",
      wait,
    ),
    functionTool(
      'check_hours',
      'Get whether the restaurant is open now and when it opens or closes. Use it for any question about opening hours.',
      wait,
    ),
    functionTool(
      'place_order',
      'Place the pickup order. Call it only after reading the whole order and its total back to the caller and the caller clearly confirming. The phone number is taken from caller ID.',
      wait,
      {
        customer_name: { type: 'string', description: 'The name for the order, as the caller gave it.' },
        items: {
          type: 'array',
          description: 'The items ordered; an empty list when the order is only a special request.',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'The item name exactly as it is on the menu.' },
              menu_item_id: { type: 'string', description: 'The menu item id, when known.' },
              quantity: { type: 'integer', description: 'How many, a whole number of at least 1.' },
              notes: {
                type: 'string',
                description:
                  'Notes for the kitchen about this item. Always include any allergy or dietary need the caller mentioned.',
              },
              options: {
                type: 'array',
                description:
                  'The options chosen for this item, such as its size and extras, by their names on the menu. Required options must be given.',
                items: {
                  type: 'object',
                  properties: {
                    group: { type: 'string', description: 'The option, e.g. Size or Extras.' },
                    choice: { type: 'string', description: 'The choice, e.g. Large or Cheese.' },
                  },
                  required: ['group', 'choice'],
                },
              },
            },
            required: ['quantity'],
          },
        },
        custom_order_text: {
          type: 'string',
          description: 'A special request for something not on the menu, only when the restaurant takes them.',
        },
        pickup_time: {
          type: 'string',
          description:
            'Only when the caller asks to pick the order up later than as soon as possible: the time they asked for, on the restaurant\'s clock, as 24-hour HH:MM (e.g. 19:00) or as they said it ("in an hour"). Leave it out for as soon as possible. The result says the pickup time to tell the caller, or why that time is not possible and which time is.',
        },
      },
      ['customer_name', 'items'],
    ),
    functionTool(
      'get_order_status',
      "Get the status of the caller's most recent order, found by caller ID. Takes no arguments.",
      wait,
    ),
    functionTool(
      'transfer_to_staff',
      'Check whether a staff member can take the call. Use it when the caller asks for a person, a manager or the staff, or when you cannot help. If the answer says you are transferring the caller, call transferCall at once.',
      PACKS[language].call.ofCourse,
    ),
    // The transfer itself. A transferCall tool cannot be named transfer_to_staff: Vapi's schema for it
    // (CreateTransferCallToolDTO) no longer has a `function` to name it by, and Vapi refuses unknown properties, so
    // it keeps Vapi's own name, transferCall. transfer_to_staff (the name the tool executor and the in-app test call
    // share) is the function tool above: it says whether anybody can take the call and records the outcome, and the
    // model then calls transferCall, for which Vapi asks the webhook for the destination.
    { type: 'transferCall', destinations: [] },
    { type: 'endCall' },
  ];
}

function assistantName(restaurantName: string): string {
  const name = `PickupLine ${restaurantName}`.replace(/\s+/g, ' ').trim();
  return name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name;
}

function serverFor(url: string, auth: ServerAuth | undefined): NonNullable<VapiAssistant['server']> {
  const server: NonNullable<VapiAssistant['server']> = { url, timeoutSeconds: TOOL_TIMEOUT_SECONDS };
  if (auth && 'credentialId' in auth) server.credentialId = auth.credentialId;
  // Without a credential Vapi sends an assistant's events with no authentication at all, which the webhook refuses.
  // The header goes back only to Vapi, in the answer to a request that has just proven it knows the secret.
  else if (auth) server.headers = { [VAPI_SECRET_HEADER]: auth.secret };
  return server;
}

/** What the assistant says first: the greeting (or the busy message in busy mode), then the recording notice. */
export function firstMessage(ctx: CallContext): string {
  const opening = ctx.isBusyMode ? ctx.busyMessage : ctx.greeting;
  return `${opening.trim()} ${PACKS[ctx.language].call.recordingNotice}`;
}

/**
 * The assistant for one call to the restaurant in `ctx`. Busy, closed and expired restaurants get an assistant
 * too, so callers still hear the busy message or the opening hours; it is the tool executor that refuses orders.
 */
export function buildAssistant(
  ctx: CallContext,
  opts: { serverUrl: string; now: Date; serverAuth?: ServerAuth },
): VapiAssistant {
  const lang = ctx.language;
  return {
    name: assistantName(ctx.restaurantName),
    firstMessage: firstMessage(ctx),
    firstMessageMode: 'assistant-speaks-first',
    model: {
      provider: 'openai',
      model: ASSISTANT_MODEL,
      temperature: 0.2,
      maxTokens: 300,
      messages: [{ role: 'system', content: buildSystemPrompt(ctx, opts.now) }],
      tools: assistantTools(lang),
    },
    transcriber: { provider: 'deepgram', model: 'nova-3', language: lang },
    // Azure picks a neural voice for the language being spoken.
    voice: { provider: 'azure', voiceId: 'multilingual-auto' },
    serverMessages: [...ASSISTANT_SERVER_MESSAGES],
    server: serverFor(opts.serverUrl, opts.serverAuth),
    maxDurationSeconds: MAX_CALL_SECONDS,
    artifactPlan: { recordingEnabled: true },
    metadata: { restaurantId: ctx.restaurantId },
  };
}

const NOT_IN_SERVICE =
  'Sorry, this number is not in service. Please check the number and try again. Thank you for calling, goodbye.';

/**
 * For a call to a number no restaurant has (released, or not set up yet): says so politely and hangs up. The phrase
 * ends the call as soon as it is spoken; the short maximum duration ends it anyway if that did not happen.
 */
export function notInServiceAssistant(): VapiAssistant {
  return {
    name: 'PickupLine not in service',
    firstMessage: NOT_IN_SERVICE,
    firstMessageMode: 'assistant-speaks-first',
    model: {
      provider: 'openai',
      model: ASSISTANT_MODEL,
      temperature: 0,
      maxTokens: 60,
      messages: [
        {
          role: 'system',
          content:
            'This phone number is not in service. Whatever the caller says, reply only: "Sorry, this number is not in service. Goodbye." and call endCall.',
        },
      ],
      tools: [{ type: 'endCall' }],
    },
    transcriber: { provider: 'deepgram', model: 'nova-3', language: 'en' },
    voice: { provider: 'azure', voiceId: 'multilingual-auto' },
    serverMessages: [],
    endCallPhrases: ['goodbye'],
    maxDurationSeconds: 30,
    artifactPlan: { recordingEnabled: false },
    metadata: {},
  };
}
