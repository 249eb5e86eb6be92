import { loadConfig } from '@platica/platform';
import { agentsConfigSchema, AgentsConfigService } from '../config/agents.config';
import { costOf } from './recorded-calls';
import { LanguageModelProvider } from './language-model';
import { ModelChains } from './model-chains';
import type { ModelConnectionRepository } from './model-connection.repository';
import type { ProviderModels } from './provider-models';

/** The installation's connection priced by LLM_PRICE_*_PER_MTOK (docs/usage.md › Model cost), for LLM_MODEL only. */
describe('ModelChains: the installation connection’s price', () => {
  const chainsWith = (env: Record<string, string>) => {
    const config = new AgentsConfigService(
      loadConfig(agentsConfigSchema, {
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        LLM_MODEL: 'gpt-test',
        LLM_ALLOWED_MODELS: 'gpt-other',
        ...env,
      }),
    );
    // A workspace with no connections of its own: every call is the installation's.
    const connections = { forRuntime: () => Promise.resolve([]) } as unknown as ModelConnectionRepository;
    return new ModelChains(connections, {} as ProviderModels, new LanguageModelProvider(config), config);
  };
  const usage = { inputTokens: 1_000, outputTokens: 200 };

  it('prices LLM_MODEL’s calls with both prices set', async () => {
    const chains = chainsWith({ LLM_PRICE_INPUT_PER_MTOK: '0.15', LLM_PRICE_OUTPUT_PER_MTOK: '0.6' });
    const [candidate] = await chains.candidates('ws_1', null, 'reply');
    expect(candidate).toMatchObject({ connectionId: null, modelId: 'gpt-test' });
    expect(candidate!.offer).toEqual({ id: 'gpt-test', inputUsdPerMillion: 0.15, outputUsdPerMillion: 0.6 });
    expect(costOf(candidate!.offer, usage)).toBeCloseTo((1_000 * 0.15 + 200 * 0.6) / 1e6, 12);
    expect((await chains.named('ws_1', 'gpt-test')).offer).not.toBeNull();
    // Another model the installation allows has a price of its own, not LLM_MODEL's: unpriced.
    expect((await chains.named('ws_1', 'gpt-other')).offer).toBeNull();
  });

  it('leaves them unpriced when unset, empty, or only one of the two is set', async () => {
    const unpriced: Record<string, string>[] = [
      {},
      { LLM_PRICE_INPUT_PER_MTOK: '', LLM_PRICE_OUTPUT_PER_MTOK: '' },
      { LLM_PRICE_INPUT_PER_MTOK: '3' },
    ];
    for (const env of unpriced) {
      const [candidate] = await chainsWith(env).candidates('ws_1', null, 'reply');
      expect(candidate!.offer).toBeNull();
      expect(costOf(candidate!.offer, usage)).toBeNull();
    }
  });

  it('refuses a price that is not a non-negative number, naming the variable', () => {
    expect(() => loadConfig(agentsConfigSchema, { LLM_PRICE_OUTPUT_PER_MTOK: 'cheap' })).toThrow(/LLM_PRICE_OUTPUT_PER_MTOK/);
    expect(() => loadConfig(agentsConfigSchema, { LLM_PRICE_INPUT_PER_MTOK: '-1' })).toThrow(/LLM_PRICE_INPUT_PER_MTOK/);
  });
});
