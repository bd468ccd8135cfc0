/** What the product needs from a voice-assistant platform. One real implementation (Vapi) and one local. */

export interface CreateAgentInput {
  userId: string;
  restaurantName: string;
  language: string;
  openHours: string;
  closeHours: string;
  /** The owner's own number, only when they confirmed access and did not ask for a new one. */
  phoneNumber?: string;
}

export interface CreatedAgent {
  agentId: string;
  phoneNumber: string;
}

export interface VoiceProvider {
  readonly name: 'local' | 'vapi';
  createAgent(input: CreateAgentInput): Promise<CreatedAgent>;
  /** Where the owner can see the agent on the provider's side. */
  agentDashboardUrl(agentId: string): string;
}
