/** What the product needs from a voice-assistant platform. One real implementation (Vapi) and one local. */

export interface CreateAgentInput {
  userId: string;
  restaurantName: string;
  language: string;
  openHours: string;
  closeHours: string;
  /** The owner's own number, only when they confirmed access and did not ask for a new one. */
  phoneNumber?: string;
  /** The restaurant's listed number: a new number is looked for in its area code when no own number is given. */
  contactNumber?: string;
  /** The restaurant's assistant definition (Vapi's assistant shape), built by the caller from its settings. */
  assistant: Record<string, unknown>;
  /**
   * 0 for the first number asked for in this attempt; 1, 2… when the previous candidate turned out to belong to
   * another restaurant. The local provider hands out a different number for each; Vapi ignores it.
   */
  attempt: number;
  /** The agent an earlier attempt created and saved through onAgentCreated: reused instead of creating another. */
  existingAgentId?: string;
  /** Called once a new agent exists and before the number is asked for, so that a retry reuses the agent. */
  onAgentCreated?(agentId: string): Promise<void>;
}

export interface CreatedAgent {
  agentId: string;
  /** E.164. */
  phoneNumber: string;
  /** The provider's id for the number (how its webhooks name the number called); null for the local provider. */
  phoneNumberId: string | null;
}

export interface VoiceProvider {
  readonly name: 'local' | 'vapi';
  /** Where the provider sends each call's events (assistant-request, tool calls, reports): our webhook. */
  readonly serverUrl: string;
  createAgent(input: CreateAgentInput): Promise<CreatedAgent>;
  /** Where the owner can see the agent on the provider's side. */
  agentDashboardUrl(agentId: string): string;
}

/**
 * A provider's refusal to set up an agent or a number. `isPermanent` is the provider's judgement: retrying cannot
 * fix it (bad credentials, a request it refuses), so the setup is marked failed at once with the message.
 */
export class VoiceProviderError extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
  ) {
    super(message);
    this.name = 'VoiceProviderError';
  }
}
