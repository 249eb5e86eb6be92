import { generateText } from 'ai';
import { DEVELOPMENT_MODEL_ID, DevelopmentModel } from './language-model';

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
