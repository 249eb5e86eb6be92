import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { seedTemplateSchema } from '@platica/contracts';
import { deliverMetaWebhook, newMetaId, newPhone, whatsappInbound } from './fake-meta-graph';
import { postSeed, type HttpClient } from './http-client';
import type { TestStack } from './test-stack';
import { eventually } from './wait';

/** What the fixture needs of a stack: its admin and public clients and base URL (a TestStack, or a benchmark's). */
export type StackAccess = Pick<TestStack, 'admin' | 'http' | 'baseUrl'>;

/**
 * A seeded workspace with a WhatsApp, an Instagram and a Messenger channel, a template, a
 * blocked client and an API key, plus the moves tests make with it: a customer writing in
 * on WhatsApp (which opens the service window) and reading conversations back.
 */
export class MessagingWorkspace {
  private constructor(
    private readonly t: StackAccess,
    readonly doc: MessagingSeedDocument,
    readonly ids: any,
    readonly api: HttpClient,
  ) {}

  static async seed(t: StackAccess, customize: (doc: MessagingSeedDocument) => void = () => undefined): Promise<MessagingWorkspace> {
    const doc = messagingSeedDocument();
    customize(doc);
    const res = await postSeed(t.admin, doc);
    if (res.status !== 200) throw new Error(`seed answered ${res.status}: ${res.text}`);
    return new MessagingWorkspace(t, doc, res.body, t.http.withToken(res.body.apiKeys.main.key));
  }

  get id(): string {
    return this.ids.workspace.id;
  }

  get whatsapp() {
    const channel = this.doc.channels.find((c): c is WhatsAppSeedChannel => c.platform === 'whatsapp')!;
    return {
      id: this.ids.channels[channel.ref].id as string,
      phoneNumberId: channel.phoneNumberId,
      phoneNumber: channel.phoneNumber,
      appSecret: channel.appSecret,
    };
  }

  /** A customer writes on WhatsApp (opening the 24-hour window), `name` their profile's; resolves with their conversation. */
  async customerWrites(
    phone = newPhone(),
    text = 'hola',
    timestamp?: number,
    name?: string,
  ): Promise<{ phone: string; conversation: any }> {
    const wa = this.whatsapp;
    const payload = whatsappInbound({ phoneNumberId: wa.phoneNumberId, displayPhone: wa.phoneNumber, from: phone, text, timestamp, name });
    const res = await deliverMetaWebhook(this.t.baseUrl, payload, wa.appSecret);
    if (res.status !== 200) throw new Error(`the inbound webhook answered ${res.status}`);
    const conversation = await eventually(`a conversation with ${phone}`, async () => {
      const list = await this.api.get(`/v1/conversations?channelId=${wa.id}&limit=200`);
      return list.body.workspaces?.[0]?.conversations?.find((c: any) => c.conversationId === phone);
    });
    return { phone, conversation };
  }

  async messagesOf(conversationId: string): Promise<any[]> {
    const res = await this.api.get(`/v1/conversations/${conversationId}`);
    return res.body.workspaces[0].conversations[0].messages;
  }
}

/** The document, open to the sections a test adds (agents, default agents). */
export type MessagingSeedDocument = ReturnType<typeof messagingSeedDocument> & { agents?: unknown[] };

/**
 * Adds agents: Sofía, active and the WhatsApp, Instagram and Messenger channels' default
 * agent; Billing, active; Dormant, inactive. Their system prompts are unique to the document.
 */
export function withAgents(doc: MessagingSeedDocument): void {
  const s = randomBytes(4).toString('hex');
  doc.agents = [
    { ref: 'sofia', name: 'Sofía', systemPrompt: `Eres Sofía, agente de ventas ${s}.`, channelRefs: ['wa', 'ig', 'fb'] },
    { ref: 'billing', name: 'Billing', systemPrompt: `You answer billing questions ${s}.` },
    { ref: 'dormant', name: 'Dormant', status: 'inactive', systemPrompt: `You are asleep ${s}.` },
  ];
  for (const channel of doc.channels) Object.assign(channel, { defaultAgentRef: 'sofia' });
}

type WhatsAppSeedChannel = ReturnType<typeof messagingSeedDocument>['channels'][number] & {
  platform: 'whatsapp';
  phoneNumberId: string;
  phoneNumber: string;
};

export function messagingSeedDocument() {
  const s = randomBytes(4).toString('hex');
  const whatsapp = {
    ref: 'wa',
    platform: 'whatsapp' as const,
    name: `Ventas ${s}`,
    phoneNumber: newPhone(),
    phoneNumberId: newMetaId('1'),
    wabaId: newMetaId('2'),
    accessToken: `EAAG-wa-${s}`,
    appSecret: `app-secret-wa-${s}`,
    verifyToken: `verify-wa-${s}`,
  };
  return {
    workspace: { name: `Messaging ${s}` },
    users: [{ email: `ana-${s}@example.test`, name: 'Ana' }],
    apiKeys: [{ ref: 'main', name: 'main key', rateLimitPerSecond: 1000 }],
    customFields: [
      { key: 'plan', type: 'string' as const, active: true },
      { key: 'legacy_id', type: 'string' as const, active: false },
    ],
    channels: [
      whatsapp,
      {
        ref: 'ig',
        platform: 'instagram' as const,
        name: `IG ${s}`,
        pageId: newMetaId('3'),
        accessToken: `EAAG-ig-${s}`,
        appSecret: `meta-${s}`,
        verifyToken: `verify-meta-${s}`,
      },
      {
        ref: 'fb',
        platform: 'facebook' as const,
        name: `FB ${s}`,
        pageId: newMetaId('4'),
        accessToken: `EAAG-fb-${s}`,
        appSecret: `meta-${s}`,
        verifyToken: `verify-meta-${s}`,
      },
    ],
    templates: [
      {
        ref: 'welcome',
        channelRef: 'wa',
        name: 'welcome',
        language: 'es_MX',
        category: 'utility' as const,
        body: 'Hola {{1}}, tu pedido {{2}} está listo',
        header: { type: 'image' as const },
        buttons: [{ type: 'url' as const, text: 'Ver pedido', url: 'https://acme.test/o/{{1}}' }],
      },
    ] as z.input<typeof seedTemplateSchema>[],
    clients: [{ ref: 'blocked1', phoneNumber: newPhone(), name: 'Spam Bot', status: 'blocked' as const }],
  };
}
