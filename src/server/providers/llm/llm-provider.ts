/**
 * An OpenAI-compatible chat-completions model with tool calling (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL), used by the
 * in-app test call when configured. Messages and tools use the chat-completions wire shapes.
 */
export interface LlmToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface LlmReply {
  /** The assistant message to append to the history: text, tool calls, or both. */
  message: Extract<LlmMessage, { role: 'assistant' }>;
}

export interface LlmProvider {
  readonly model: string;
  /** One chat-completions request. Throws on a transport error, a non-2xx answer or a malformed reply. */
  complete(input: { messages: LlmMessage[]; tools: LlmToolDefinition[]; signal?: AbortSignal }): Promise<LlmReply>;
}
