import type { OutboundContent } from './message-content';

/**
 * Request bodies of Meta's Graph API, exactly as the real API takes them:
 * WhatsApp Cloud API `POST /{phone-number-id}/messages` and the Messenger / Instagram Send
 * API `POST /{page-id}/messages`.
 */
export type GraphBody = Record<string, unknown>;

/** A WhatsApp template message, components already built from the stored template. */
export interface TemplateSend {
  name: string;
  language: string;
  components: GraphBody[];
}

/**
 * `callbackData` is echoed by Meta in the message's status webhooks (`biz_opaque_callback_data`,
 * at most 512 characters): a send is recognised by it when its own answer was lost.
 */
export function whatsappMessage(
  to: string,
  content: OutboundContent | { type: 'template'; template: TemplateSend },
  callbackData?: string,
): GraphBody {
  const base = withOptional(
    { messaging_product: 'whatsapp', recipient_type: 'individual', to },
    { biz_opaque_callback_data: callbackData },
  );
  switch (content.type) {
    case 'text':
      return { ...base, type: 'text', text: { preview_url: false, body: content.text } };
    case 'image':
    case 'video':
      return { ...base, type: content.type, [content.type]: withOptional({ link: content.url }, { caption: content.caption }) };
    case 'file':
      return {
        ...base,
        type: 'document',
        document: withOptional({ link: content.url }, { filename: content.filename, caption: content.caption }),
      };
    case 'audio':
      return { ...base, type: 'audio', audio: { link: content.url } };
    case 'sticker':
      return { ...base, type: 'sticker', sticker: { link: content.url } };
    case 'interactive':
      return { ...base, type: 'interactive', interactive: whatsappInteractive(content.interactive, content.flowToken) };
    case 'template':
      return {
        ...base,
        type: 'template',
        template: withOptional(
          { name: content.template.name, language: { code: content.template.language } },
          {
            components: content.template.components.length ? content.template.components : undefined,
          },
        ),
      };
  }
}

function whatsappInteractive(interactive: Extract<OutboundContent, { type: 'interactive' }>['interactive'], flowToken?: string): GraphBody {
  const frame = withOptional(
    { type: interactive.type },
    { header: interactive.header, body: interactive.body, footer: interactive.footer },
  );
  switch (interactive.type) {
    case 'button':
      return {
        ...frame,
        action: { buttons: interactive.action.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) },
      };
    case 'list':
      return {
        ...frame,
        action: {
          button: interactive.action.button,
          sections: interactive.action.sections.map((s) =>
            withOptional(
              { rows: s.rows.map((r) => withOptional({ id: r.id, title: r.title }, { description: r.description })) },
              { title: s.title },
            ),
          ),
        },
      };
    case 'flow': {
      const p = interactive.action.parameters;
      return {
        ...frame,
        action: {
          name: 'flow',
          parameters: withOptional(
            { flow_message_version: '3', flow_token: flowToken, flow_cta: p.flow_cta },
            {
              flow_id: p.flow_id,
              flow_name: p.flow_name,
              flow_action: p.flow_action,
              flow_action_payload: p.flow_action_payload,
              mode: p.mode,
            },
          ),
        },
      };
    }
  }
}

/**
 * Messenger / Instagram Send API bodies. Attachments carry no caption there, so a caption
 * follows as a text message. Interactive messages are not offered on these channels (spec).
 */
/**
 * What Plática's Messenger sends carry as `message.metadata`, which Meta returns in their echo:
 * the echo of Plática's own send is skipped even when it arrives before the send is stored
 * under its mid (inbound/page-payload.ts). Instagram's Send API documents no metadata.
 */
export const PLATICA_ECHO_METADATA = 'platica';

/** `pageMessages` for a Messenger page: each tagged as Plática's (PLATICA_ECHO_METADATA). */
export function messengerMessages(recipientId: string, content: OutboundContent): GraphBody[] {
  return pageMessages(recipientId, content).map((body) => ({
    ...body,
    message: { ...(body.message as Record<string, unknown>), metadata: PLATICA_ECHO_METADATA },
  }));
}

export function pageMessages(recipientId: string, content: OutboundContent): GraphBody[] {
  const base = { recipient: { id: recipientId }, messaging_type: 'RESPONSE' };
  const text = (body: string) => ({ ...base, message: { text: body } });
  switch (content.type) {
    case 'text':
      return [text(content.text)];
    case 'image':
    case 'video':
    case 'audio':
    case 'file': {
      const attachment = { ...base, message: { attachment: { type: content.type, payload: { url: content.url, is_reusable: true } } } };
      const caption = content.type === 'audio' ? undefined : content.caption;
      return caption ? [attachment, text(caption)] : [attachment];
    }
    case 'sticker':
      // The Send API has no sticker type for a URL: a sticker image is sent as an image.
      return [{ ...base, message: { attachment: { type: 'image', payload: { url: content.url, is_reusable: true } } } }];
    case 'interactive':
      throw new Error('interactive messages are not available on Messenger and Instagram');
  }
}

function withOptional<T extends Record<string, unknown>>(base: T, optional: Record<string, unknown>): T & Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) out[key] = value;
  return out as T & Record<string, unknown>;
}
