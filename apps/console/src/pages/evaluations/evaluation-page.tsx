import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Schema } from '../../api/schema';
import { TextDiff } from '../../components/text-diff';
import { Status } from '../layout';
import { CancelButton, useVersionLabel, Verdict } from './evaluation-parts';
import { EVALUATION_POLL_MS, useAgentAndPrompts, useEvaluation } from './evaluation-queries';
import { checkSubject } from './evaluation-request';
import { toolCallRows } from './tool-call-rows';
import { usePageTitle } from '../../components/page-title';

type Detail = Schema<'EvaluationDetail'>;
type Turn = Schema<'EvaluationTurn'>;
type Summary = Schema<'EvaluationSummary'>;
type Check = Detail['checks'][number];

/** Turns shown per page (`?offset=` in the URL pages through them). */
const TURNS_PER_PAGE = 20;

/**
 * One evaluation: its status and progress (read again while it runs), the summary, and each
 * replayed turn with the recorded reply beside the candidate's, the tool calls of both, the
 * outcomes that flipped, the checks and the judge's grade.
 */
export function EvaluationPage() {
  const { t, i18n } = useTranslation();
  const { workspaceId = '', agentId = '', evaluationId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const offset = Math.max(0, Number(search.get('offset')) || 0);
  const { current, prompt } = useAgentAndPrompts(workspaceId, agentId);
  const versionLabel = useVersionLabel();
  const evaluation = useEvaluation(workspaceId, agentId, evaluationId, offset, TURNS_PER_PAGE);
  const e = evaluation.data;
  const version = prompt.data?.versions.find((v) => v.id === e?.candidate.promptId);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const number = new Intl.NumberFormat(i18n.language);
  const page = (to: number) => setSearch(to ? { offset: String(to) } : {});

  usePageTitle(
    e
      ? t('evaluations.evaluationOf', { candidate: version ? versionLabel(version) : t('evaluations.promptText') })
      : t('evaluations.heading', { name: current?.name ?? '' }),
  );
  return (
    <>
      <p>
        <Link to={`/w/${workspaceId}/agents/${agentId}/evaluations`}>← {t('evaluations.backToList', { name: current?.name ?? '' })}</Link>
      </p>
      <Status loading={evaluation.isPending} error={evaluation.error} />
      {e && (
        <>
          <h1>{t('evaluations.evaluationOf', { candidate: version ? versionLabel(version) : t('evaluations.promptText') })}</h1>
          <section aria-labelledby="evaluation-status-heading">
            <h2 id="evaluation-status-heading">{t('evaluations.status')}</h2>
            <p>
              <strong>{t(`evaluations.state.${e.status}`)}</strong> <Verdict evaluation={e} />{' '}
              <small>
                {t('evaluations.startedAt', { at: dateTime.format(new Date(e.createdAt)) })}
                {e.finishedAt && ` · ${t('evaluations.finishedAt', { at: dateTime.format(new Date(e.finishedAt)) })}`}
              </small>
            </p>
            <label>
              {t('evaluations.turnsDone', { done: e.progress.done, turns: e.progress.turns })} ·{' '}
              {t('evaluations.tokens', { tokens: number.format(e.progress.tokens), max: number.format(e.budget.maxTokens) })}
              <progress value={e.progress.done} max={Math.max(e.progress.turns, 1)} />
            </label>
            {e.status === 'running' && (
              <p>
                <small>{t('evaluations.refreshing', { seconds: EVALUATION_POLL_MS / 1000 })}</small>
              </p>
            )}
            {e.error && <p role="alert">{e.error}</p>}
            <CancelButton workspaceId={workspaceId} evaluation={e} />
            <details>
              <summary>{t('evaluations.setup')}</summary>
              <Setup evaluation={e} />
            </details>
          </section>
          {e.summary && <SummarySection summary={e.summary} />}
          <section aria-labelledby="turns-heading">
            <h2 id="turns-heading">{t('evaluations.turns')}</h2>
            {e.turns.items.length === 0 && <p>{t('evaluations.noTurns')}</p>}
            {e.turns.items.map((turn) => (
              <TurnResult key={turn.turnId} workspaceId={workspaceId} turn={turn} />
            ))}
            {(offset > 0 || e.turns.hasMore) && (
              <nav aria-label={t('evaluations.pages')} className="actions">
                <button
                  type="button"
                  className="secondary outline"
                  disabled={offset === 0}
                  onClick={() => page(Math.max(0, offset - TURNS_PER_PAGE))}
                >
                  {t('evaluations.previous')}
                </button>
                <button
                  type="button"
                  className="secondary outline"
                  disabled={!e.turns.hasMore}
                  onClick={() => page(offset + TURNS_PER_PAGE)}
                >
                  {t('evaluations.next')}
                </button>
              </nav>
            )}
          </section>
        </>
      )}
    </>
  );
}

/** What was asked: the candidate's prompt and model, the sample, the checks, the judge's rubric and the budget. */
function Setup({ evaluation: e }: { evaluation: Detail }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <dl>
      <dt>{t('agent.prompt')}</dt>
      <dd>
        <pre className="prompt-text">{e.candidate.systemPrompt}</pre>
      </dd>
      {e.candidate.model && (
        <>
          <dt>{t('evaluations.model')}</dt>
          <dd>{e.candidate.model}</dd>
        </>
      )}
      <dt>{t('evaluations.sample')}</dt>
      <dd>
        <code>{JSON.stringify(e.sample)}</code>
      </dd>
      <dt>{t('evaluations.checks')}</dt>
      <dd>{e.checks.length ? e.checks.map((check, i) => <div key={i}>{describeCheck(check, t)}</div>) : t('evaluations.none')}</dd>
      {e.judge && (
        <>
          <dt>{t('evaluations.rubric')}</dt>
          <dd>{e.judge.rubric}</dd>
        </>
      )}
      <dt>{t('evaluations.budget')}</dt>
      <dd>{t('evaluations.budgetValue', { turns: number.format(e.budget.maxTurns), tokens: number.format(e.budget.maxTokens) })}</dd>
    </dl>
  );
}

function describeCheck(check: Check, t: TFunction): string {
  const subject = checkSubject(check.kind);
  const named = 'text' in check ? check.text : 'tool' in check ? check.tool : '';
  return [
    t(`evaluations.check.${check.kind}`) + (subject ? `: “${named}”` : ''),
    check.whenCustomerSays ? t('evaluations.whenSays', { text: check.whenCustomerSays }) : '',
    check.turnId ? t('evaluations.onTurn', { turnId: check.turnId }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The counts over every replayed turn; the ones that decide the verdict (failed checks, guardrail flips) stand out when not zero. */
function SummarySection({ summary: s }: { summary: Summary }) {
  const { t } = useTranslation();
  const rows: [string, number | string, boolean][] = [
    [
      t('evaluations.sum.replayed'),
      t('evaluations.sum.replayedValue', { replayed: s.replayed, turns: s.turns, skipped: s.skipped }),
      s.replayed === 0,
    ],
    [t('evaluations.sum.repliesChanged'), s.repliesChanged, false],
    [t('evaluations.sum.toolCallsAdded'), s.toolCallsAdded, false],
    [t('evaluations.sum.toolCallsRemoved'), s.toolCallsRemoved, false],
    [t('evaluations.sum.toolCallsChanged'), s.toolCallsChanged, false],
    [t('evaluations.sum.guardrailFlips'), s.guardrailFlips, s.guardrailFlips > 0],
    [t('evaluations.sum.assistanceFlips'), s.assistanceFlips, false],
    [t('evaluations.sum.delegationChanges'), s.delegationChanges, false],
    [t('evaluations.sum.checksFailed'), s.checksFailed, s.checksFailed > 0],
  ];
  if (s.judgeAverage !== null)
    rows.push([
      t('evaluations.sum.judge'),
      t('evaluations.sum.judgeValue', { average: s.judgeAverage.toFixed(2), failed: s.judgeFailed }),
      false,
    ]);
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('evaluations.summary')}</h2>
      <p>{t(s.passed ? 'evaluations.passedLead' : 'evaluations.notPassedLead')}</p>
      <table aria-labelledby="summary-heading">
        <tbody>
          {rows.map(([name, value, flagged]) => (
            <tr key={name} className={flagged ? 'flagged' : undefined}>
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One turn: what the customer said, the replies side by side, tool calls, flipped outcomes, checks and the judge's grade. */
function TurnResult({ workspaceId, turn }: { workspaceId: string; turn: Turn }) {
  const { t } = useTranslation();
  const n = turn.position + 1;
  const { recorded, candidate, comparison } = turn;
  const changes = comparison
    ? (
        [
          ['replyChanged', comparison.replyChanged],
          [
            'toolCallsChanged',
            comparison.toolCallsAdded.length + comparison.toolCallsRemoved.length + comparison.toolCallsChanged.length > 0,
          ],
          ['guardrailFlipped', comparison.guardrailFlipped],
          ['assistanceFlipped', comparison.assistanceFlipped],
          ['delegationChanged', comparison.delegationChanged],
        ] as const
      )
        .filter(([, changed]) => changed)
        .map(([name]) => name)
    : [];
  const headingId = `turn-${turn.turnId}`;
  return (
    <article aria-labelledby={headingId} className="turn">
      <header>
        <h3 id={headingId}>{t('evaluations.turn', { n })}</h3>
        <small>
          <Link to={`/w/${workspaceId}/conversations/${turn.conversationId}`}>{t('evaluations.conversation')}</Link> ·{' '}
          {t(`evaluations.turnStatus.${turn.status}`)}
          {turn.detail && ` — ${turn.detail}`}
        </small>
        {turn.status === 'replayed' && (
          <p className="actions">
            {changes.length === 0 ? (
              <span className="badge">{t('evaluations.change.none')}</span>
            ) : (
              changes.map((name) => (
                <span key={name} className={`badge ${name === 'guardrailFlipped' || name === 'assistanceFlipped' ? 'flip' : 'change'}`}>
                  {t(`evaluations.change.${name}`)}
                </span>
              ))
            )}
          </p>
        )}
      </header>
      {turn.customerText && (
        <blockquote>
          <small>{t('evaluations.customerSaid')}</small>
          <br />
          {turn.customerText}
        </blockquote>
      )}
      {recorded && candidate && (
        <>
          {comparison?.replyChanged ? (
            <TextDiff
              older={recorded.reply ?? ''}
              newer={candidate.reply ?? ''}
              label={t('evaluations.replyDiff', { n })}
              olderLabel={t('evaluations.recorded')}
              newerLabel={t('evaluations.candidateReply')}
            />
          ) : (
            <p>
              <small>{t('evaluations.sameReply')}</small>
              <br />
              {recorded.reply ?? t('evaluations.noReply')}
            </p>
          )}
          <Outcomes turn={turn} />
          <ToolCalls n={n} recorded={recorded} candidate={candidate} />
        </>
      )}
      {turn.checks.length > 0 && (
        <ul className="checks">
          {turn.checks.map((result, i) => (
            <li key={i} className={result.passed ? undefined : 'flagged'}>
              {result.passed ? '✓' : '✗'} {t(result.passed ? 'evaluations.checkPassed' : 'evaluations.checkFailed')}:{' '}
              {describeCheck(result.check, t)}
              {!result.passed && result.detail && <small> — {result.detail}</small>}
            </li>
          ))}
        </ul>
      )}
      {turn.judge && (
        <p>
          {t('evaluations.judgeGrade', { score: turn.judge.score })}{' '}
          <span className={`badge verdict-${turn.judge.passed ? 'passed' : 'notPassed'}`}>
            {t(turn.judge.passed ? 'evaluations.verdict.passed' : 'evaluations.verdict.notPassed')}
          </span>{' '}
          <small>{turn.judge.reason}</small>
        </p>
      )}
    </article>
  );
}

/** The guardrail's and assistance's outcomes both times, a flip highlighted. */
function Outcomes({ turn }: { turn: Turn }) {
  const { t } = useTranslation();
  const { recorded, candidate } = turn;
  if (!recorded || !candidate) return null;
  const yesNo = (value: boolean) => t(value ? 'evaluations.yes' : 'evaluations.no');
  const rows = [
    [t('evaluations.guardrailViolation'), recorded.guardrailViolation, candidate.guardrailViolation],
    [t('evaluations.assistanceRequested'), recorded.assistanceRequested, candidate.assistanceRequested],
  ] as const;
  const flipped = rows.filter(([, before, after]) => before !== after);
  const delegations = (b: typeof recorded) => b.delegations.map((d) => `${d.kind} ${d.subagent ?? ''}`.trim()).join(', ');
  if (flipped.length === 0 && !turn.comparison?.delegationChanged) return null;
  return (
    <table aria-label={t('evaluations.outcomes', { n: turn.position + 1 })}>
      <thead>
        <tr>
          <th scope="col">{t('evaluations.outcome')}</th>
          <th scope="col">{t('evaluations.recorded')}</th>
          <th scope="col">{t('evaluations.candidateReply')}</th>
        </tr>
      </thead>
      <tbody>
        {flipped.map(([name, before, after]) => (
          <tr key={name} className="flagged">
            <th scope="row">{name}</th>
            <td>{yesNo(before)}</td>
            <td>{yesNo(after)}</td>
          </tr>
        ))}
        {turn.comparison?.delegationChanged && (
          <tr className="flagged">
            <th scope="row">{t('evaluations.delegations')}</th>
            <td>{delegations(recorded) || t('evaluations.none')}</td>
            <td>{delegations(candidate) || t('evaluations.none')}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function ToolCalls({ n, recorded, candidate }: { n: number; recorded: Turn['recorded'] & object; candidate: Turn['candidate'] & object }) {
  const { t } = useTranslation();
  const rows = toolCallRows(recorded.toolCalls, candidate.toolCalls);
  if (rows.length === 0) return null;
  // A call the other version did not make shows a dash.
  const args = (value: Record<string, unknown> | null | undefined) =>
    value === undefined ? '—' : <pre>{value === null ? t('evaluations.argumentsNotKept') : JSON.stringify(value, null, 1)}</pre>;
  return (
    <table className="tool-calls" aria-label={t('evaluations.toolCalls', { n })}>
      <thead>
        <tr>
          <th scope="col">{t('evaluations.tool')}</th>
          <th scope="col">{t('evaluations.recorded')}</th>
          <th scope="col">{t('evaluations.candidateReply')}</th>
          <th scope="col">{t('evaluations.difference')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i} className={row.difference === 'same' ? undefined : 'flagged'}>
            <td>
              <code>{row.name}</code>
            </td>
            <td>{args(row.recorded)}</td>
            <td>{args(row.candidate)}</td>
            <td>{t(`evaluations.toolDifference.${row.difference}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
