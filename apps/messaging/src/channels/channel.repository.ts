import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { SeedChannel } from '@platica/contracts';
import { Database } from '@platica/platform';
import { Channel, type ChannelPlatform } from './channel.entity';
import { ChannelSecretBox, type ChannelSecrets } from './channel-secrets';

const ID_PREFIX: Record<ChannelPlatform, string> = { whatsapp: 'wb', instagram: 'ig', facebook: 'fb', service: 'in' };

/** Channel ids carry their platform (`wb-…` for WhatsApp, `in-…` for the internal channel). */
export function newChannelId(platform: ChannelPlatform): string {
  return `${ID_PREFIX[platform]}-${randomBytes(10).toString('hex')}`;
}

export function verifyTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A channel with its secrets opened, for sends and webhook verification (never stored or logged). */
export interface OpenChannel {
  id: string;
  workspaceId: string;
  platform: ChannelPlatform;
  name: string;
  naturalKey: string;
  externalId: string | null;
  phoneNumber: string | null;
  defaultAgentId: string | null;
  secrets: ChannelSecrets | null;
}

/** How long a channel read for inbound webhooks or sends is reused (a rotated secret applies within it). */
const CACHE_MS = 5_000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/** `load`'s answer, reused for CACHE_MS; one that fails, or that `keep` refuses, is not kept. */
function readThrough<T>(
  cache: Map<string, Cached<T>>,
  key: string,
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  const cached = cache.get(key);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = load();
  value.then(
    (loaded) => keep(loaded) || cache.delete(key),
    () => cache.delete(key),
  );
  cache.set(key, { at: Date.now(), value });
  return value;
}

@Injectable()
export class ChannelRepository {
  private readonly byExternal = new Map<string, Cached<OpenChannel[]>>();
  private readonly byRef = new Map<string, Cached<OpenChannel | null>>();

  constructor(
    private readonly db: Database,
    private readonly secretBox: ChannelSecretBox,
  ) {}

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

  /** The workspace's internal channel (chat threads live on it), reused for CACHE_MS like the channels of sends. */
  findInternalChannel(workspaceId: string): Promise<OpenChannel | null> {
    // Only a channel found is kept: a workspace's seed may create it in a moment.
    return readThrough(
      this.byRef,
      `internal|${workspaceId}`,
      async () => {
        const found = await this.db.em().findOne(Channel, { workspaceId, naturalKey: 'internal', platform: 'service' });
        return found ? this.open(found) : null;
      },
      (found) => found !== null,
    );
  }

  /** The seed's channels (docs/seed.md): matched by phone number or page id, created or updated. */
  async applySeed(workspaceId: string, items: SeedChannel[]): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    await this.db.em().transactional(async (em) => {
      for (const item of items) {
        const naturalKey = item.platform === 'whatsapp' ? item.phoneNumber : item.pageId;
        const values = {
          platform: item.platform,
          name: item.name,
          externalId: item.platform === 'whatsapp' ? item.phoneNumberId : item.pageId,
          phoneNumber: item.platform === 'whatsapp' ? item.phoneNumber : null,
          wabaId: item.platform === 'whatsapp' ? item.wabaId : null,
          secrets: this.secretBox.seal({ accessToken: item.accessToken, appSecret: item.appSecret, verifyToken: item.verifyToken }),
          verifyTokenHash: verifyTokenHash(item.verifyToken),
        };
        let channel = await em.findOne(Channel, { workspaceId, naturalKey });
        if (channel && channel.platform !== item.platform) channel = null;
        if (channel) em.assign(channel, values);
        else channel = em.create(Channel, { id: newChannelId(item.platform), workspaceId, naturalKey, ...values });
        ids[item.ref ?? naturalKey] = channel.id;
      }
    });
    this.byExternal.clear();
    this.byRef.clear();
    return ids;
  }

  async setDefaultAgent(workspaceId: string, channelId: string, agentId: string | null): Promise<void> {
    await this.db.em().nativeUpdate(Channel, { id: channelId, workspaceId }, { defaultAgentId: agentId, updatedAt: new Date() });
    this.byRef.clear();
    this.byExternal.clear();
  }

  /** The workspace's channels whose new conversations go to the agent. */
  withDefaultAgent(workspaceId: string, agentId: string): Promise<Channel[]> {
    return this.db.em().find(Channel, { workspaceId, defaultAgentId: agentId }, { orderBy: { id: 'asc' } });
  }

  /** A channel of the workspace by its id, or by the agent's phone number (E.164, `+` optional). */
  findForWorkspace(workspaceId: string, ref: string): Promise<OpenChannel | null> {
    return readThrough(this.byRef, `${workspaceId}|${ref}`, async () => {
      const em = this.db.em();
      const phone = ref.replace(/^\+/, '');
      const found =
        (await em.findOne(Channel, { id: ref, workspaceId })) ??
        (/^\d{6,15}$/.test(phone) ? await em.findOne(Channel, { workspaceId, naturalKey: phone, platform: 'whatsapp' }) : null);
      return found ? this.open(found) : null;
    });
  }

  /** Channels Meta addresses by this id (phone number id or page id), in any workspace. */
  findByExternalId(platform: ChannelPlatform, externalId: string): Promise<OpenChannel[]> {
    return readThrough(this.byExternal, `${platform}|${externalId}`, async () => {
      const rows = await this.db.em().find(Channel, { platform, externalId });
      return rows.map((row) => this.open(row));
    });
  }

  /** A channel by id, in any workspace (for stored inbound deliveries). */
  async findById(id: string): Promise<OpenChannel | null> {
    const row = await this.db.em().findOne(Channel, { id });
    return row ? this.open(row) : null;
  }

  /** Whether any channel has this verify token (`GET /hooks/meta`). */
  async verifyTokenExists(token: string): Promise<boolean> {
    return (await this.db.em().count(Channel, { verifyTokenHash: verifyTokenHash(token) })) > 0;
  }

  private open(row: Channel): OpenChannel {
    return {
      id: row.id,
      workspaceId: row.workspaceId,
      platform: row.platform,
      name: row.name,
      naturalKey: row.naturalKey,
      externalId: row.externalId ?? null,
      phoneNumber: row.phoneNumber ?? null,
      defaultAgentId: row.defaultAgentId ?? null,
      secrets: row.secrets ? this.secretBox.open(row.secrets) : null,
    };
  }
}
