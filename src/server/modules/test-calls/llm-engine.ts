import type { Language } from '@shared/domain/languages';
import type { LlmMessage, LlmProvider, LlmReply, LlmToolDefinition } from '../../providers/llm/llm-provider';
import { assistantTools, firstMessage } from '../voice/assistant';
import { buildSystemPrompt } from '../voice/assistant-prompt';
import type { CallContext } from '../voice/call-context';
import { matchDish } from '../voice/menu-match';
import { TOOL_NAMES, type ToolAnswer, type ToolName } from '../voice/tool-types';
import type { Conversation, ConversationEngine, DraftLine, EngineTurn } from './engine-types';
import { callStateSection, fitHistory } from './model-history';
import { ModelRequestLimitError } from './model-usage';

/**
 * The test call answered by the configured language model, as a phone call is: the phone assistant's system prompt
 * and tools, each tool call run by the same executor (which enforces hours, busy mode, sold-out items and the caps
 * whatever the model asks for), and the answers fed back until the model speaks. Each request carries the history
 * trimmed to a budget, with the order in the system prompt (model-history.ts). Errors from the model are thrown: the
 * service then lets the built-in engine answer the turn.
 */

/** Model requests per caller turn: a lookup, an order and a reply fit; a model going round in circles does not. */
export const MAX_ROUNDS = 4;

/** Vapi's built-in tools, offered to the model as functions under the names the system prompt uses. */
const TRANSFER_CALL = 'transferCall';
const END_CALL = 'endCall';

const GOODBYE: Record<Language, string> = {
  en: 'Thank you for calling. Goodbye!',
  es: 'Gracias por llamar. ¡Adiós!',
  fr: 'Merci de votre appel. Au revoir !',
  zh: '感谢您的来电，再见！',
};

const noArguments = { type: 'object', properties: {} };

/** The phone assistant's tools in chat-completions form: its function tools as they are, its built-ins as functions. */
export function llmToolDefinitions(language: Language): LlmToolDefinition[] {
  return assistantTools(language).map((tool): LlmToolDefinition => {
    switch (tool.type) {
      case 'function': {
        const { name, description, parameters } = tool.function;
        return { type: 'function', function: { name, description, parameters } };
      }
      case 'transferCall':
        return {
          type: 'function',
          function: {
            name: TRANSFER_CALL,
            description:
              'Transfer the caller to the staff line. Call it only after transfer_to_staff has said that you are transferring the caller.',
            parameters: noArguments,
          },
        };
      case 'endCall':
        return {
          type: 'function',
          function: {
            name: END_CALL,
            description: 'End the call. Call it after saying goodbye, when the caller has nothing else.',
            parameters: noArguments,
          },
        };
    }
  });
}

const isToolName = (name: string): name is ToolName => (TOOL_NAMES as readonly string[]).includes(name);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tool call's arguments: a JSON object (an empty string counts as no arguments), or null when unreadable. */
function parseArguments(raw: string): Record<string, unknown> | null {
  if (raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** What the side panel shows once place_order succeeded: the lines sent, matched to the menu as the executor does. */
function draftOfOrder(ctx: CallContext, args: Record<string, unknown>) {
  const candidates = ctx.menu.map((m) => ({ value: m, names: [m.name, ...m.aliases] }));
  const lines: DraftLine[] = [];
  for (const item of Array.isArray(args.items) ? args.items : []) {
    if (!isRecord(item)) continue;
    const byId = typeof item.menu_item_id === 'string' ? ctx.menu.find((m) => m.id === item.menu_item_id) : undefined;
    const match = byId ? null : matchDish(typeof item.name === 'string' ? item.name : '', candidates);
    const entry = byId ?? (match?.kind === 'match' ? match.value : undefined);
    if (!entry) continue;
    const quantity = Number(item.quantity ?? 1);
    lines.push({
      menuItemId: entry.id,
      name: entry.name,
      quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
      notes: typeof item.notes === 'string' && item.notes.trim() ? item.notes.trim() : null,
      unitPriceCents: entry.priceCents,
    });
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return { lines, customerName: text(args.customer_name), customText: text(args.custom_order_text) };
}

export function createLlmEngine(
  provider: LlmProvider,
  { now = () => new Date() }: { now?: () => Date } = {},
): ConversationEngine {
  return {
    name: 'llm',

    greet(ctx: CallContext, conversation: Conversation): EngineTurn {
      const reply = firstMessage(ctx);
      const messages: LlmMessage[] = [
        { role: 'system', content: buildSystemPrompt(ctx, now()) },
        { role: 'assistant', content: reply },
      ];
      return { reply, conversation: { ...conversation, engine: 'llm', messages }, ended: false };
    },

    async respond({ ctx, conversation, text, tools }): Promise<EngineTurn> {
      // Nothing is written into `conversation` itself: if the model fails, the built-in engine takes the turn over
      // from the state as it was before it.
      // The system prompt is built fresh for each turn (the menu or busy mode may have changed).
      const systemPrompt = buildSystemPrompt(ctx, now());
      /** The earlier turns as the last request carried them; this turn's messages follow. */
      let earlier: readonly LlmMessage[] = conversation.messages;
      const current: LlmMessage[] = [{ role: 'user', content: text }];
      let state: Conversation = { ...conversation, engine: 'llm' };
      const definitions = llmToolDefinitions(ctx.language);
      let lastAnswer = null as string | null;

      /** The next request's messages, within the budget; what it keeps of the earlier turns is what is stored. */
      const nextRequest = () => {
        const fitted = fitHistory({
          systemPrompt,
          callState: (hasLeftOut) => callStateSection(state, hasLeftOut),
          earlier,
          current,
        });
        earlier = fitted.earlier;
        return fitted.messages;
      };

      const finish = (reply: string, ended: boolean): EngineTurn => {
        if (ended) state = { ...state, stage: state.stage === 'placed' ? 'placed' : 'ended' };
        const messages: LlmMessage[] = [{ role: 'system', content: systemPrompt }, ...earlier, ...current];
        return { reply, conversation: { ...state, messages }, ended };
      };

      /** Runs one tool call; returns what goes back to the model, and what the caller hears if the call ends here. */
      async function run(name: string, rawArguments: string): Promise<{ content: string; ends?: string }> {
        if (name === END_CALL) return { content: 'The call has ended.', ends: '' };
        const toolName: ToolName | null = name === TRANSFER_CALL ? 'transfer_to_staff' : isToolName(name) ? name : null;
        if (!toolName) return { content: `There is no tool named ${name}.` };
        const args = toolName === 'transfer_to_staff' ? {} : parseArguments(rawArguments);
        if (!args) {
          return {
            content: `The arguments for ${name} could not be read: they must be a JSON object. Call ${name} again with valid JSON arguments.`,
          };
        }
        const answer: ToolAnswer = await tools(toolName, args);
        lastAnswer = answer.result;
        if (answer.orderId) state = { ...state, orderId: answer.orderId, orderNumber: answer.orderNumber ?? null };
        if (toolName === 'place_order' && answer.outcome === 'ordered') {
          state = { ...state, ...draftOfOrder(ctx, args), stage: 'placed', awaiting: null, pendingItemId: null };
        }
        if (answer.transferTo) {
          state = { ...state, transferred: true };
          return { content: answer.result, ends: answer.result };
        }
        return { content: answer.result };
      }

      // What the model says alongside its tool calls ("One moment.") is heard too, as on the phone.
      const said: string[] = [];
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        let message: LlmReply['message'];
        try {
          ({ message } = await provider.complete({ messages: nextRequest(), tools: definitions }));
        } catch (error) {
          // The account's requests for the day ran out after this turn's tools ran (an order may be in): the caller
          // hears what they answered, and the built-in assistant takes the rest of the call.
          if (!(error instanceof ModelRequestLimitError) || lastAnswer === null) throw error;
          current.push({ role: 'assistant', content: lastAnswer });
          state = { ...state, engine: 'rules' };
          return { ...finish([...said, lastAnswer].join(' '), false), notice: error.notice };
        }
        current.push(message);
        const content = message.content?.trim();
        if (content) said.push(content);
        const toolCalls = message.tool_calls ?? [];
        if (toolCalls.length === 0) {
          if (!content) throw new Error('The language model answered with neither text nor tools');
          return finish(said.join(' '), false);
        }

        // Every tool call gets its answer, even past an ending one, so the stored history stays well formed.
        let ending: string[] | null = null;
        for (const call of toolCalls) {
          const { content: answer, ends } = await run(call.function.name, call.function.arguments);
          current.push({ role: 'tool', tool_call_id: call.id, content: answer });
          if (ends !== undefined) ending = [...(ending ?? []), ends];
        }
        if (ending) {
          // transfer_to_staff and transferCall in one message would otherwise announce the transfer twice.
          const reply = [...new Set([...said, ...ending])].filter(Boolean).join(' ');
          return finish(reply || GOODBYE[ctx.language], true);
        }
      }

      // Still calling tools after the last round: the caller hears the last tool answer, which is a spoken sentence.
      if (lastAnswer === null) throw new Error(`The language model did not answer within ${MAX_ROUNDS} requests`);
      current.push({ role: 'assistant', content: lastAnswer });
      return finish([...said, lastAnswer].join(' '), false);
    },
  };
}
