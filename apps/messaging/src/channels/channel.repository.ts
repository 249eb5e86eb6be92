import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Database } from '@platica/platform';
import { Channel, type ChannelPlatform } from './channel.entity';

const ID_PREFIX: Record<ChannelPlatform, string> = { whatsapp: 'wb', instagram: 'ig', facebook: 'fb', service: 'in' };

/** Channel ids carry their platform (`wb-…` for WhatsApp, `in-…` for the internal channel). */
export function newChannelId(platform: ChannelPlatform): string {
  return `${ID_PREFIX[platform]}-${randomBytes(10).toString('hex')}`;
}

@Injectable()
export class ChannelRepository {
  constructor(private readonly db: Database) {}

  /** Every workspace has exactly one internal channel (platform `service`), used by the chat API. */
  async ensureInternalChannel(workspaceId: string): Promise<Channel> {
    const em = this.db.em();
    const existing = await em.findOne(Channel, { workspaceId, naturalKey: 'internal' });
    if (existing) return existing;
    await em
      .insert(Channel, {
        id: newChannelId('service'),
        workspaceId,
        platform: 'service',
        name: 'Internal chat',
        naturalKey: 'internal',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .catch(async (error: unknown) => {
        // Two seeds of one workspace at once: the other one created it.
        if (!(await em.findOne(Channel, { workspaceId, naturalKey: 'internal' }))) throw error;
      });
    return em.findOneOrFail(Channel, { workspaceId, naturalKey: 'internal' });
  }
}
