import { loadConfig } from '@platica/platform';
import { agentsConfigSchema } from './agents.config';

describe('agents configuration', () => {
  it('reads empty LLM variables as unset: the development model answers', () => {
    const config = loadConfig(agentsConfigSchema, { LLM_BASE_URL: '', LLM_API_KEY: '', LLM_MODEL: '' });
    expect(config.LLM_BASE_URL).toBeUndefined();
    expect(config.LLM_MODEL).toBe('gpt-4o-mini');
  });

  it('refuses a provider URL that is not http(s), naming the variable', () => {
    expect(() => loadConfig(agentsConfigSchema, { LLM_BASE_URL: 'ftp://models.example.com' })).toThrow(/LLM_BASE_URL/);
  });
});
