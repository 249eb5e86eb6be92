import { FakeLlm } from './fake-llm';

/** The fake model speaks the real Chat Completions wire format, plain and streamed. */
describe('FakeLlm', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await FakeLlm.start();
  });
  afterAll(async () => {
    await llm.stop();
  });

  const complete = (body: Record<string, unknown>) =>
    fetch(`${llm.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', ...body }),
    });

  it('answers the text of a [[reply:…]] marker in the last user message', async () => {
    const res = await complete({ messages: [{ role: 'user', content: 'antes [[reply:Hola, soy Sofía]] después' }] });
    expect(((await res.json()) as any).choices[0].message.content).toBe('Hola, soy Sofía');
  });

  it('echoes the last user message, and records the request', async () => {
    const res = await complete({
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'hola' },
      ],
    });
    const body = (await res.json()) as any;
    expect(body.choices[0]).toEqual({ index: 0, message: { role: 'assistant', content: 'ECHO: hola' }, finish_reason: 'stop' });
    expect(body.usage.total_tokens).toBe(15);
    expect(llm.requests.at(-1)?.messages[0]).toEqual({ role: 'system', content: 'S' });
  });

  it('streams chunks ending in [DONE], and calls tools natively', async () => {
    llm.answer = () => ({ toolCall: { name: 'api_orders', arguments: { id: 7 } } });
    const text = await (await complete({ stream: true, messages: [{ role: 'user', content: 'x' }] })).text();
    const events = text.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.slice('data: '.length)));
    expect(chunks[1].choices[0].delta.tool_calls[0].function).toEqual({ name: 'api_orders', arguments: '{"id":7}' });
    expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
  });

  it('fails when told to', async () => {
    llm.failNext(1, 503);
    expect((await complete({ messages: [] })).status).toBe(503);
    expect((await complete({ messages: [{ role: 'user', content: 'ok' }] })).status).toBe(200);
  });
});
