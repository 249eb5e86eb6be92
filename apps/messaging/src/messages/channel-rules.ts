import type { MessageType } from '@platica/contracts';
import { DomainError, DomainReason, ErrorCode } from '@platica/errors';
import type { ChannelPlatform } from '../channels/channel.entity';

/**
 * Which message types each channel takes (spec › Channel rules; ARCHITECTURE.md: `email` only
 * on an email channel). A refused type is a 422: the request is valid, the channel cannot carry it.
 */
export function checkTypeOnChannel(platform: ChannelPlatform, type: MessageType | 'template'): void {
  const refuse = (why: string) => {
    throw DomainError.refused(ErrorCode.Unprocessable, DomainReason.TypeNotOnChannel, why, { channelPlatform: platform, type });
  };
  if (type === 'email') refuse(`email messages need an email channel; this is a ${platformName(platform)} channel`);
  switch (platform) {
    case 'service':
      if (type === 'interactive' || type === 'template') refuse(`${type} messages are not available on internal channels`);
      return;
    case 'instagram':
    case 'facebook':
      if (type === 'interactive') refuse(`interactive messages are not available on ${platformName(platform)}`);
      if (type === 'template') refuse(`templates are sent on WhatsApp channels only, not on ${platformName(platform)}`);
      return;
    case 'whatsapp':
      return;
  }
}

export function platformName(platform: ChannelPlatform): string {
  switch (platform) {
    case 'whatsapp':
      return 'WhatsApp';
    case 'instagram':
      return 'Instagram';
    case 'facebook':
      return 'Facebook Messenger';
    case 'service':
      return 'internal';
  }
}

/** The customer's id on the channel as `POST /v1/messages` takes it: E.164 without `+` on WhatsApp. */
export function recipientOf(platform: ChannelPlatform, conversationId: string): string {
  if (platform !== 'whatsapp') return conversationId;
  const phone = conversationId.replace(/^\+/, '');
  if (!/^\d{8,15}$/.test(phone)) {
    throw DomainError.validation([{ path: ['conversationId'], message: 'the customer\'s phone number in E.164 without "+"' }]);
  }
  return phone;
}

/** The contact key a channel's customer is stored under (ClientRepository). */
export function contactKeyOf(platform: ChannelPlatform, recipient: string): string {
  return platform === 'facebook' || platform === 'instagram' ? `${platform}:${recipient}` : recipient;
}
