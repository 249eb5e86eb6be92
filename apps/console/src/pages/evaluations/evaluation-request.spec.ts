import { EMPTY_FORM, evaluationBody } from './evaluation-request';

describe('evaluationBody', () => {
  it('sends the last conversations and nothing that was left empty', () => {
    expect(evaluationBody({ ...EMPTY_FORM, promptId: 'prm_1', last: 5 })).toEqual({
      candidate: { promptId: 'prm_1' },
      sample: { last: 5 },
      budget: { maxTurns: 200 },
    });
  });

  it('splits conversation ids on commas, spaces and lines', () => {
    const body = evaluationBody({
      ...EMPTY_FORM,
      promptId: 'prm_1',
      sample: 'conversationIds',
      conversationIds: 'conv_a, conv_b\nconv_c ',
    });
    expect(body.sample).toEqual({ conversationIds: ['conv_a', 'conv_b', 'conv_c'] });
  });

  it('turns a local date range into ISO instants, either end optional', () => {
    const body = evaluationBody({ ...EMPTY_FORM, promptId: 'prm_1', sample: 'range', from: '2026-05-01T10:00' });
    expect(body.sample).toEqual({ from: new Date('2026-05-01T10:00').toISOString() });
  });

  it('sends each check with what its kind names, the judge and the model when given', () => {
    const body = evaluationBody({
      ...EMPTY_FORM,
      promptId: 'prm_1',
      model: ' other-model ',
      checks: [
        { kind: 'must_mention', subject: 'envío gratis', whenCustomerSays: 'envío' },
        { kind: 'must_call_tool', subject: 'pedidos', whenCustomerSays: '' },
        { kind: 'must_not_request_assistance', subject: 'ignored', whenCustomerSays: '' },
      ],
      rubric: 'Polite',
    });
    expect(body).toMatchObject({
      candidate: { promptId: 'prm_1', model: 'other-model' },
      checks: [
        { kind: 'must_mention', text: 'envío gratis', whenCustomerSays: 'envío' },
        { kind: 'must_call_tool', tool: 'pedidos' },
        { kind: 'must_not_request_assistance' },
      ],
      judge: { rubric: 'Polite' },
    });
  });
});
