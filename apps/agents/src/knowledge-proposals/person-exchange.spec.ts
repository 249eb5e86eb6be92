import { latestPersonExchange, type ShownMessage } from './person-exchange';

let sequence = 0;
const customer = (content: string): ShownMessage => ({
  id: `m${++sequence}`,
  role: 'user',
  content,
  status: 'received',
  owner: { id: 'cl_1', type: 'customer' },
});
const ai = (content: string): ShownMessage => ({
  id: `m${++sequence}`,
  role: 'assistant',
  content,
  status: 'sent',
  owner: { id: 'ag_1', type: 'ai' },
});
const person = (content: string, id = 'us_ana'): ShownMessage => ({
  id: `m${++sequence}`,
  role: 'assistant',
  content,
  status: 'sent',
  owner: { id, type: 'user' },
});
const note = (content: string): ShownMessage => ({
  id: `m${++sequence}`,
  role: 'assistant',
  content,
  status: 'sent',
  owner: { id: 'system', type: 'system' },
});
const apiKey = (content: string): ShownMessage => ({
  id: `m${++sequence}`,
  role: 'assistant',
  content,
  status: 'sent',
  owner: { id: 'key:k1', type: 'api' },
});

describe('latestPersonExchange', () => {
  it('is none when no person wrote (the agent alone, or an API key’s sends)', () => {
    expect(latestPersonExchange([customer('hola'), ai('¡Hola!'), apiKey('promo')])).toBeNull();
  });

  it('takes the run of customer and person messages ending with the person’s last, the wait message skipped, with what led to it', () => {
    const question = customer('¿Envían a Canarias?');
    const asked = ai('Te paso con una persona.');
    const wait = note('Un momento, por favor.');
    const more = customer('Es para un regalo');
    const first = person('Sí, enviamos a Canarias.');
    const second = person('Tarda 5 días hábiles y cuesta 9 €.', 'us_ben');
    const exchange = latestPersonExchange([customer('hola'), ai('¡Hola!'), question, asked, wait, more, first, second, ai('¿Algo más?')]);
    expect(exchange).toEqual({
      exchangeKey: second.id,
      answeredBy: 'us_ben',
      messageIds: [more.id, first.id, second.id],
      transcript: [
        { speaker: 'Customer', text: 'hola' },
        { speaker: 'Agent (AI)', text: '¡Hola!' },
        { speaker: 'Customer', text: '¿Envían a Canarias?' },
        { speaker: 'Agent (AI)', text: 'Te paso con una persona.' },
        { speaker: 'Customer', text: 'Es para un regalo' },
        { speaker: 'Person', text: 'Sí, enviamos a Canarias.' },
        { speaker: 'Person', text: 'Tarda 5 días hábiles y cuesta 9 €.' },
      ],
    });
  });

  it('keys the exchange by the person’s last message, so a close after a hand-back finds the same one', () => {
    const answer = person('Abrimos a las 9.');
    const messages = [customer('¿A qué hora abren?'), answer];
    const handedBack = latestPersonExchange(messages);
    const closed = latestPersonExchange([...messages, customer('gracias'), ai('¡A ti!')]);
    expect(closed?.exchangeKey).toBe(handedBack?.exchangeKey);
    expect(handedBack?.exchangeKey).toBe(answer.id);
  });

  it('takes in the customer’s question asked before the agent’s reply, when the person answers after it', () => {
    const question = customer('¿Envían a Canarias?');
    const unsure = ai('No lo sé: te paso con una persona.');
    const answer = person('Sí, en 5 días hábiles.');
    expect(latestPersonExchange([customer('hola'), ai('¡Hola!'), question, unsure, answer])?.messageIds).toEqual([question.id, answer.id]);
  });

  it('leaves out failed sends and empty messages', () => {
    const failed = { ...person('no llegó'), status: 'failed' };
    const exchange = latestPersonExchange([customer('¿precio?'), person('10 €'), failed, customer('   ')]);
    expect(exchange?.transcript.map((line) => line.text)).toEqual(['¿precio?', '10 €']);
  });
});
