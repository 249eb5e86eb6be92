import { generateText } from 'ai';
import { DEVELOPMENT_MODEL_ID, DevelopmentModel, providerNameOf } from './language-model';

/** With no LLM configured, the built-in development model answers deterministically. */
describe('DevelopmentModel', () => {
  it('names itself and quotes the latest customer message', async () => {
    const ask = () =>
      generateText({
        model: new DevelopmentModel(),
        allowSystemInMessages: true,
        messages: [
          { role: 'system', content: 'Eres Sofía.' },
          { role: 'user', content: 'primero' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: [{ type: 'text', text: '¿tienen envío?' }] },
        ],
      });
    const first = await ask();
    expect(first.text).toBe(`[${DEVELOPMENT_MODEL_ID}] No language model is configured (set LLM_BASE_URL). You said: "¿tienen envío?"`);
    expect((await ask()).text).toBe(first.text);
  });
});

/** The turn log names the provider, never the endpoint's address (readers include agent-role users). */
describe('providerNameOf', () => {
  it('names a well-known public API by its provider, and any other endpoint by its protocol', () => {
    expect(providerNameOf('https://api.openai.com/v1')).toBe('openai');
    expect(providerNameOf('https://OpenRouter.ai/api/v1')).toBe('openrouter');
    expect(providerNameOf('http://10.0.3.7:8000/v1')).toBe('openai-compatible');
    expect(providerNameOf('http://llm-gateway.internal:4000')).toBe('openai-compatible');
  });
});
