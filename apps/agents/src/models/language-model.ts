import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { AgentsConfigService } from '../config/agents.config';

/** The model every turn talks to: the configured provider, or the built-in development model. */
@Injectable()
export class LanguageModelProvider implements OnModuleInit {
  private readonly logger = new Logger('language-model');
  readonly model: LanguageModelV4;
  /** Completions are requested streamed (`LLM_STREAM`): some gateways only stream, and long answers keep proxies from idling out. */
  readonly streams: boolean;
  /**
   * The provider's name as the turn log shows it to every reader (never its address: an
   * internal endpoint's host and port are not for agent-role users); none for the development model.
   */
  readonly providerName: string | null;
  /** Another model of the same provider, by its id (an evaluation's candidate model); none without a provider. */
  private readonly otherModel: ((modelId: string) => LanguageModelV4) | null;

  constructor(config: AgentsConfigService) {
    const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_STREAM, LLM_PROVIDER_NAME } = config.values;
    this.streams = LLM_STREAM && LLM_BASE_URL !== undefined;
    this.providerName = LLM_BASE_URL ? (LLM_PROVIDER_NAME ?? providerNameOf(LLM_BASE_URL)) : null;
    const provider = LLM_BASE_URL
      ? createOpenAICompatible({
          name: 'llm',
          baseURL: LLM_BASE_URL,
          apiKey: LLM_API_KEY,
          includeUsage: true,
          supportedUrls: () => PASS_URLS,
        })
      : null;
    this.model = provider ? provider.chatModel(LLM_MODEL) : new DevelopmentModel();
    this.otherModel = provider && ((modelId) => provider.chatModel(modelId));
  }

  /** The configured model, or another of the same provider by its id (the development model answers for any). */
  named(modelId: string | null | undefined): LanguageModelV4 {
    if (!modelId || modelId === this.model.modelId || !this.otherModel) return this.model;
    return this.otherModel(modelId);
  }

  onModuleInit(): void {
    if (this.model instanceof DevelopmentModel) {
      this.logger.warn({
        msg: `no LLM configured (LLM_BASE_URL is unset): agents answer with the built-in development model "${DEVELOPMENT_MODEL_ID}", which echoes the customer`,
      });
    } else {
      this.logger.log({ msg: 'agents answer with an OpenAI-compatible model', model: this.model.modelId, streamed: this.streams });
    }
  }
}

export const DEVELOPMENT_MODEL_ID = 'platica-development-echo';

/** Public providers known by their API's host; any other endpoint is named by its protocol. */
const PROVIDERS_BY_HOST: Record<string, string> = {
  'api.openai.com': 'openai',
  'api.anthropic.com': 'anthropic',
  'openrouter.ai': 'openrouter',
  'api.groq.com': 'groq',
  'api.mistral.ai': 'mistral',
  'api.deepseek.com': 'deepseek',
  'api.together.xyz': 'together',
  'api.fireworks.ai': 'fireworks',
  'generativelanguage.googleapis.com': 'google',
};

/** The name the turn log gives the provider at `baseUrl` when LLM_PROVIDER_NAME does not say. */
export function providerNameOf(baseUrl: string): string {
  return PROVIDERS_BY_HOST[new URL(baseUrl).hostname.toLowerCase()] ?? 'openai-compatible';
}

/**
 * Attachments are URLs (spec › Chat: no binary upload) handed to the provider as they are:
 * the AI SDK would otherwise download them here, from user-supplied addresses.
 */
const PASS_URLS = { '*/*': [/^https?:\/\//] };

/**
 * A deterministic stand-in for a real model, so the stack runs end to end without one: it
 * answers by quoting the customer's latest message. Never used when LLM_BASE_URL is set.
 */
export class DevelopmentModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = 'platica';
  readonly modelId = DEVELOPMENT_MODEL_ID;
  readonly supportedUrls = PASS_URLS;

  doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const lastUser = [...options.prompt].reverse().find((m) => m.role === 'user');
    const said = lastUser?.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ') ?? '';
    const text = `[${DEVELOPMENT_MODEL_ID}] No language model is configured (set LLM_BASE_URL). You said: "${said.trim()}"`;
    return Promise.resolve({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 0, text: 0, reasoning: 0 },
      },
      warnings: [],
    });
  }

  doStream(): never {
    throw new Error(`${DEVELOPMENT_MODEL_ID} does not stream`);
  }
}
