import { Injectable } from '@nestjs/common';
import type { OpenChannel } from '../channels/channel.repository';
import { messengerMessages, pageMessages, whatsappMessage, type GraphBody } from '../graph/graph-payloads';
import { GraphError, MetaGraphAdapter } from '../graph/meta-graph.adapter';

export type DeliverableContent = Parameters<typeof whatsappMessage>[1];

/** What Graph made of a send: Meta's message id, or the error it refused the message with. */
export type DeliveryOutcome = { externalId: string; failure: null } | { externalId: null; failure: GraphError };

/** Outbound sends on Meta channels (WhatsApp Cloud API, Messenger and Instagram Send API). */
@Injectable()
export class GraphDelivery {
  constructor(private readonly graph: MetaGraphAdapter) {}

  /**
   * Sends to the customer; a refusal or transport failure is an outcome (the caller stores it),
   * anything else throws. `callbackData` comes back in WhatsApp's status webhooks.
   */
  async send(channel: OpenChannel, recipient: string, content: DeliverableContent, callbackData?: string): Promise<DeliveryOutcome> {
    try {
      return { externalId: await this.deliver(channel, recipient, content, callbackData), failure: null };
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return { externalId: null, failure: error };
    }
  }

  private async deliver(channel: OpenChannel, recipient: string, content: DeliverableContent, callbackData?: string): Promise<string> {
    if (!channel.secrets || !channel.externalId)
      throw new GraphError('the channel has no Meta credentials', null, null, null, 'unsendable');
    const { accessToken } = channel.secrets;
    if (channel.platform === 'whatsapp')
      return this.graph.sendMessage(channel.externalId, accessToken, whatsappMessage(recipient, content, callbackData));
    if (content.type === 'template') throw new GraphError('templates are WhatsApp only', null, null, null, 'unsendable');
    const bodies: GraphBody[] = channel.platform === 'facebook' ? messengerMessages(recipient, content) : pageMessages(recipient, content);
    // The attachment's id identifies the message; a caption follows it as a text.
    const ids: string[] = [];
    for (const body of bodies) ids.push(await this.graph.sendMessage(channel.externalId, accessToken, body));
    return ids[0]!;
  }
}
