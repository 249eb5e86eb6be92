import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { request, type Dispatcher } from 'undici';
import { createOutboundDispatcher, describeOutboundError, httpUrlProblem } from '@platica/platform';
import { AgentsConfigService } from '../config/agents.config';

/**
 * Files the model takes as file parts but the provider cannot fetch by URL (a PDF, a WAV or
 * MP3 recording, a text file; spec › Chat rule 5, `enableFileAttachments`) are read here, from
 * the customer's URL, through the outbound policy (no private addresses unless
 * PLATICA_ALLOW_PRIVATE_NETWORKS; redirects not followed), within PLATICA_ATTACHMENT_MAX_BYTES
 * and PLATICA_ATTACHMENT_TIMEOUT_MS. A turn's later model calls (tool rounds) reuse what was read.
 */
@Injectable()
export class AttachmentReader implements OnModuleDestroy {
  private readonly dispatcher: Dispatcher;
  private readonly recent = new Map<string, { data: Uint8Array; readAt: number }>();

  constructor(private readonly config: AgentsConfigService) {
    this.dispatcher = createOutboundDispatcher({ allowPrivateNetworks: config.values.PLATICA_ALLOW_PRIVATE_NETWORKS });
  }

  async onModuleDestroy(): Promise<void> {
    await this.dispatcher.close();
  }

  /** The file's bytes; throws a one-sentence error when it cannot be read. */
  async read(url: string): Promise<Uint8Array> {
    const cached = this.recent.get(url);
    if (cached && Date.now() - cached.readAt < CACHE_MS) return cached.data;
    const {
      PLATICA_ATTACHMENT_MAX_BYTES: limit,
      PLATICA_ATTACHMENT_TIMEOUT_MS: timeoutMs,
      PLATICA_ALLOW_PRIVATE_NETWORKS,
    } = this.config.values;
    const problem = httpUrlProblem(url, { allowPrivateNetworks: PLATICA_ALLOW_PRIVATE_NETWORKS });
    if (problem) throw new Error(`the URL ${problem}`);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(url, {
        dispatcher: this.dispatcher,
        headers: { 'user-agent': 'Platica-Agents/1.0' },
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw new Error(describeOutboundError(error, timeoutMs), { cause: error });
    }
    if (answer.statusCode !== 200) {
      // Read off and dropped: a stream destroyed without a listener would throw its abort in the process.
      await answer.body.dump().catch(() => undefined);
      throw new Error(`the file's server answered ${answer.statusCode}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      // Leaving the loop ends the stream.
      if (size > limit) throw new Error(`the file is larger than ${limit} bytes`);
      chunks.push(chunk as Buffer);
    }
    const data = new Uint8Array(Buffer.concat(chunks));
    if (this.recent.size >= CACHE_ENTRIES) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(url, { data, readAt: Date.now() });
    return data;
  }
}

/** Long enough for one turn's tool rounds; few enough entries to bound the memory they hold. */
const CACHE_MS = 5 * 60_000;
const CACHE_ENTRIES = 16;
