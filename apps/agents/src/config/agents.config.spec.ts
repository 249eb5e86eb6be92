import { loadConfig } from '@platica/platform';
import { agentsConfigSchema } from './agents.config';

describe('agents configuration', () => {
  it('reads empty LLM variables as unset: the development model answers', () => {
    const config = loadConfig(agentsConfigSchema, { LLM_BASE_URL: '', LLM_API_KEY: '', LLM_MODEL: '' });
    expect(config.LLM_BASE_URL).toBeUndefined();
    expect(config.LLM_MODEL).toBe('gpt-4o-mini');
  });

  it('scales turn retries by 1 unless told, and refuses a scale that is not above 0 and at most 1, naming the variable', () => {
    expect(loadConfig(agentsConfigSchema, {}).PLATICA_TURN_RETRY_SCALE).toBe(1);
    expect(loadConfig(agentsConfigSchema, { PLATICA_TURN_RETRY_SCALE: '0.1' }).PLATICA_TURN_RETRY_SCALE).toBe(0.1);
    for (const bad of ['0', '-1', '2', 'fast']) {
      expect(() => loadConfig(agentsConfigSchema, { PLATICA_TURN_RETRY_SCALE: bad })).toThrow(/PLATICA_TURN_RETRY_SCALE/);
    }
  });

  it('refuses a provider URL that is not http(s), naming the variable', () => {
    expect(() => loadConfig(agentsConfigSchema, { LLM_BASE_URL: 'ftp://models.example.com' })).toThrow(/LLM_BASE_URL/);
  });
});
