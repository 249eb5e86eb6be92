import type { ToolRound } from '@platica/workflows/activities';
import {
  citedNumbers,
  DEFAULT_UNKNOWN_ANSWER,
  knowledgeOfReply,
  NOT_IN_KNOWLEDGE,
  numberedPassages,
  unknownAnswerOf,
  withKnowledgeRules,
} from './knowledge-answers';
import { DEFAULT_WAIT_MESSAGE } from './built-in-tools';

const hit = (chunkId: string, title = `FAQ › ${chunkId}`) => ({
  chunkId,
  title,
  url: `https://tienda.example/${chunkId}`,
  text: `text of ${chunkId}`,
});
const search = (providerName: string, ...hits: ReturnType<typeof hit>[]) => ({
  toolCallId: `call_${providerName}_${hits.length}`,
  providerName,
  ok: true,
  output: { retrieved: hits.map((h) => h.chunkId), results: hits },
});

describe('answers from knowledge', () => {
  const knowledge = new Set(['knowledge_faq', 'knowledge_envios']);

  it("numbers the passages of the turn's searches on across rounds and calls, and leaves other tools' results alone", () => {
    const rounds: ToolRound[] = [
      {
        messages: [],
        results: [
          search('knowledge_faq', hit('kc_1'), hit('kc_2')),
          { toolCallId: 'c', providerName: 'orders', ok: true, output: { results: [{ chunkId: 'x' }] } },
        ],
      },
      {
        messages: [],
        results: [search('knowledge_envios', hit('kc_2'), hit('kc_3')), { ...search('knowledge_faq', hit('kc_9')), ok: false }],
      },
    ];
    const { rounds: numbered, passages } = numberedPassages(rounds, knowledge);
    expect(passages.map((p) => [p.number, p.chunkId])).toEqual([
      [1, 'kc_1'],
      [2, 'kc_2'],
      [3, 'kc_2'],
      [4, 'kc_3'],
    ]);
    expect((numbered[1]!.results[0]!.output as { results: { cite: string }[] }).results.map((r) => r.cite)).toEqual(['[3]', '[4]']);
    expect(numbered[0]!.results[1]).toBe(rounds[0]!.results[1]);
    expect(numbered[1]!.results[1]).toBe(rounds[1]!.results[1]);
    // The recorded rounds are not changed: the numbers are how the model reads them.
    expect((rounds[0]!.results[0]!.output as { results: object[] }).results[0]).not.toHaveProperty('cite');
  });

  it('reads the citations a reply makes', () => {
    expect([...citedNumbers('Llega en 3 días [1]. Devoluciones: 30 días [2, 4][3]; ver [12;13].')]).toEqual([1, 2, 4, 3, 12, 13]);
    expect(citedNumbers('Sin fuentes (1) ni [a].').size).toBe(0);
  });

  it('records each chunk retrieved and cited once; unknown only when the agent answers only from knowledge and cites nothing', () => {
    const { passages } = numberedPassages(
      [{ messages: [], results: [search('knowledge_faq', hit('kc_1'), hit('kc_2'), hit('kc_1'))] }],
      knowledge,
    );
    const chunk = (id: string) => ({ chunkId: id, title: `FAQ › ${id}`, url: `https://tienda.example/${id}` });
    expect(knowledgeOfReply('Sí [3] [1] [7].', passages, { knowledgeTools: 1, answerOnlyFromKnowledge: true })).toEqual({
      retrieved: [chunk('kc_1'), chunk('kc_2')],
      cited: [chunk('kc_1')],
      unknown: false,
    });
    expect(knowledgeOfReply('Sí.', passages, { knowledgeTools: 1, answerOnlyFromKnowledge: true })).toMatchObject({
      cited: [],
      unknown: true,
    });
    expect(knowledgeOfReply('Sí.', passages, { knowledgeTools: 1, answerOnlyFromKnowledge: false })).toMatchObject({ unknown: false });
    // Answering only from knowledge without any knowledge tool: nothing can be cited.
    expect(knowledgeOfReply('Sí [1].', [], { knowledgeTools: 0, answerOnlyFromKnowledge: true })).toEqual({
      retrieved: [],
      cited: [],
      unknown: true,
    });
    expect(knowledgeOfReply('Sí [1].', [], { knowledgeTools: 0, answerOnlyFromKnowledge: false })).toBeNull();
  });

  it("says the agent's sentence (else the default), and asks for a person only when the principal's assistance is on", () => {
    const agent = { assistanceEnabled: false, waitMessage: '' };
    expect(unknownAnswerOf(agent, { unknownAnswerMessage: ' ' }, false)).toEqual({ text: DEFAULT_UNKNOWN_ANSWER, assistanceReason: null });
    expect(unknownAnswerOf({ ...agent, assistanceEnabled: true }, { unknownAnswerMessage: 'No lo sé.' }, false)).toEqual({
      text: `No lo sé. ${DEFAULT_WAIT_MESSAGE}`,
      assistanceReason: NOT_IN_KNOWLEDGE,
    });
    expect(unknownAnswerOf({ assistanceEnabled: true, waitMessage: 'Un momento.' }, { unknownAnswerMessage: 'No lo sé.' }, true)).toEqual({
      text: 'No lo sé.',
      assistanceReason: null,
    });
  });

  it('tells the model how to cite, and to answer only from passages, right after the system prompt', () => {
    const messages = [
      { role: 'system' as const, content: 'Eres Sofía.' },
      { role: 'user' as const, content: 'hola' },
    ];
    expect(withKnowledgeRules(messages, { knowledgeTools: 0, answerOnlyFromKnowledge: false })).toBe(messages);
    const ruled = withKnowledgeRules(messages, { knowledgeTools: 1, answerOnlyFromKnowledge: true });
    expect(ruled.map((m) => m.role)).toEqual(['system', 'system', 'user']);
    expect(ruled[1]!.content).toMatch(/as \[1\][\s\S]*Answer only from the passages/);
  });
});
