import type { RequestBody, Schema } from '../../api/schema';

export type EvaluationBody = RequestBody<'agents_evaluations_create'>;
export type Check = Schema<'Evaluation'>['checks'][number];
export type CheckKind = Check['kind'];

/**
 * The API's bounds of an evaluation (libs/contracts evaluations.ts, EVALUATION_LIMITS), checked by
 * the form before it asks; the console depends on no library, so they are repeated here.
 */
export const LIMITS = { maxConversations: 50, maxTurns: 500, maxChecks: 20, maxCheckText: 500, maxRubric: 4000 } as const;

export const CHECK_KINDS: CheckKind[] = [
  'must_mention',
  'must_not_mention',
  'must_call_tool',
  'must_not_call_tool',
  'must_not_request_assistance',
];
/** What a check of this kind names: a text in the reply, a tool of the catalog, or nothing. */
export const checkSubject = (kind: CheckKind): 'text' | 'tool' | null =>
  kind === 'must_mention' || kind === 'must_not_mention' ? 'text' : kind === 'must_not_request_assistance' ? null : 'tool';

export interface EvaluationForm {
  promptId: string;
  model: string;
  sample: 'last' | 'conversationIds' | 'range';
  last: number;
  conversationIds: string;
  /** `datetime-local` values: the browser's local time. */
  from: string;
  to: string;
  checks: { kind: CheckKind; subject: string; whenCustomerSays: string }[];
  rubric: string;
  maxTurns: number;
}

export const EMPTY_FORM: EvaluationForm = {
  promptId: '',
  model: '',
  sample: 'last',
  last: 20,
  conversationIds: '',
  from: '',
  to: '',
  checks: [],
  rubric: '',
  maxTurns: 200,
};

/** Conversation ids as typed: separated by commas, spaces or lines. */
export const idsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** A `datetime-local` value (local time, no zone) as the ISO instant the API asks for. */
const instantOf = (local: string) => new Date(local).toISOString();

/** The form as `POST /v1/agents/{id}/evaluations` takes it: only what was filled in. */
export function evaluationBody(form: EvaluationForm): EvaluationBody {
  const sample: EvaluationBody['sample'] =
    form.sample === 'last'
      ? { last: Number(form.last) }
      : form.sample === 'conversationIds'
        ? { conversationIds: idsOf(form.conversationIds) }
        : { ...(form.from ? { from: instantOf(form.from) } : {}), ...(form.to ? { to: instantOf(form.to) } : {}) };
  const checks = form.checks.map(({ kind, subject, whenCustomerSays }): Check => {
    const scope = whenCustomerSays.trim() ? { whenCustomerSays: whenCustomerSays.trim() } : {};
    if (kind === 'must_mention' || kind === 'must_not_mention') return { kind, text: subject.trim(), ...scope };
    if (kind === 'must_call_tool' || kind === 'must_not_call_tool') return { kind, tool: subject.trim(), ...scope };
    return { kind, ...scope };
  });
  return {
    candidate: { promptId: form.promptId, ...(form.model.trim() ? { model: form.model.trim() } : {}) },
    sample,
    ...(checks.length ? { checks } : {}),
    ...(form.rubric.trim() ? { judge: { rubric: form.rubric.trim() } } : {}),
    budget: { maxTurns: Number(form.maxTurns) },
  };
}
