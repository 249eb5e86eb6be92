import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import type { ModelProvider } from '@platica/contracts';
import { DomainError, ErrorCode } from '@platica/errors';
import { createOutboundDispatcher, SecretBox } from '@platica/platform';
import { AgentsConfigService } from '../config/agents.config';
import { providerNameOf } from './language-model';
import type { ModelConnection } from './model-connection.entity';

/** Where Anthropic's and Google's providers are called when a connection names no base URL. */
export const PUBLIC_BASE_URLS: Record<Exclude<ModelProvider, 'openai_compatible'>, string> = {
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
};

/** The URL a connection's calls go to. */
export function baseUrlOf(connection: Pick<ModelConnection, 'provider' | 'baseUrl'>): string {
  return connection.baseUrl ?? (connection.provider === 'openai_compatible' ? '' : PUBLIC_BASE_URLS[connection.provider]);
}

export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The name the turn log gives a connection's provider (never its address). */
export function providerLabelOf(connection: Pick<ModelConnection, 'provider' | 'baseUrl'>): string {
  if (connection.provider !== 'openai_compatible') return connection.provider;
  return providerNameOf(baseUrlOf(connection));
}

/** A model of a connection, ready to call, and the secret to blank out of its errors. */
export interface ConnectedModel {
  model: LanguageModelV4;
  secret: string | undefined;
}

/**
 * The language models of the workspaces' connections: each provider built once per version of
 * its connection, calling through the SSRF-guarded dispatcher, its credential opened only when
 * the connection's origin is the one it was saved for.
 */
@Injectable()
export class ProviderModels implements OnModuleDestroy {
  private readonly box: SecretBox | null;
  private readonly dispatcher: Dispatcher;
  private readonly providers = new Map<string, { version: number; secret: string | undefined; modelOf: (id: string) => LanguageModelV4 }>();

  constructor(config: AgentsConfigService) {
    this.box = SecretBox.fromConfig(config.values);
    this.dispatcher = createOutboundDispatcher({ allowPrivateNetworks: config.values.PLATICA_ALLOW_PRIVATE_NETWORKS });
  }

  async onModuleDestroy(): Promise<void> {
    await this.dispatcher.close();
  }

  seal(credential: string): string {
    return this.requireBox().seal(credential);
  }

  /** `modelId` of `connection`, to call. */
  modelOf(connection: ModelConnection, modelId: string): ConnectedModel {
    const version = connection.updatedAt.getTime();
    let provider = this.providers.get(connection.id);
    if (!provider || provider.version !== version) {
      const secret = this.credentialOf(connection);
      provider = { version, secret, modelOf: this.providerOf(connection, secret ?? '') };
      this.providers.set(connection.id, provider);
    }
    return { model: provider.modelOf(modelId), secret: provider.secret };
  }

  /** The credential, only for the origin it was saved with (a connection moved without a new one sends none). */
  private credentialOf(connection: ModelConnection): string | undefined {
    if (!connection.credentialSealed || !this.box) return undefined;
    if (connection.credentialOrigin !== originOf(baseUrlOf(connection))) return undefined;
    return this.box.open(connection.credentialSealed);
  }

  private providerOf(connection: ModelConnection, apiKey: string): (id: string) => LanguageModelV4 {
    const dispatcher = this.dispatcher;
    // The AI SDK takes a fetch: undici's, over the guarded dispatcher (every address dialled is checked).
    const guardedFetch = ((url: string, init?: Record<string, unknown>) =>
      undiciFetch(url, { ...(init ?? {}), dispatcher } as Parameters<typeof undiciFetch>[1])) as unknown as typeof globalThis.fetch;
    const baseURL = baseUrlOf(connection);
    switch (connection.provider) {
      case 'openai_compatible': {
        const provider = createOpenAICompatible({
          name: 'llm',
          baseURL,
          apiKey,
          includeUsage: true,
          fetch: guardedFetch,
          supportedUrls: () => PASS_URLS,
        });
        return (id) => provider.chatModel(id);
      }
      case 'anthropic': {
        // An explicit key, even empty: the provider would otherwise read ANTHROPIC_API_KEY from the environment.
        const provider = createAnthropic({ baseURL, apiKey, fetch: guardedFetch });
        return (id) => provider.messages(id);
      }
      case 'google': {
        const provider = createGoogleGenerativeAI({ baseURL, apiKey, fetch: guardedFetch });
        return (id) => provider.chat(id);
      }
    }
  }

  private requireBox(): SecretBox {
    if (!this.box) {
      throw new DomainError(ErrorCode.Unprocessable, 'Model credentials cannot be stored: PLATICA_ENCRYPTION_KEY is not set', {
        variable: 'PLATICA_ENCRYPTION_KEY',
      });
    }
    return this.box;
  }
}

/** Attachments are URLs handed to the provider as they are (runtime/language-model.ts). */
const PASS_URLS = { '*/*': [/^https?:\/\//] };
