import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../components/page-title';
import { fieldErrors } from '../forms/server-errors';
import { Status } from './layout';
import {
  useAcceptProposal,
  useBaseChoices,
  useDiscardProposal,
  useEditProposal,
  useProposals,
  type KnowledgeProposal,
  type ProposalState,
} from './knowledge-proposals/knowledge-proposal-queries';

const STATES: ProposalState[] = ['pending', 'accepted', 'discarded'];

/**
 * The proposals queue (docs/console.md › Knowledge from people): entries drafted from people's
 * answers, each accepted into a base, edited first, or discarded. Nothing reaches an agent
 * before it is accepted here.
 */
export function KnowledgeProposalsPage() {
  const { t } = useTranslation();
  const { workspaceId = '' } = useParams();
  usePageTitle(t('proposals.heading'));
  const [state, setState] = useState<ProposalState>('pending');
  const proposals = useProposals(workspaceId, state);
  const rows = proposals.data?.data ?? [];
  return (
    <>
      <h1>{t('proposals.heading')}</h1>
      <p>{t('proposals.intro')}</p>
      <fieldset className="actions">
        <legend>{t('proposals.show')}</legend>
        {STATES.map((value) => (
          <label key={value}>
            <input type="radio" name="proposal-state" value={value} checked={state === value} onChange={() => setState(value)} />
            {t(`proposals.state.${value}`)}
          </label>
        ))}
      </fieldset>
      <Status loading={proposals.isPending} error={proposals.error} />
      {proposals.data && rows.length === 0 && <p>{t(`proposals.empty.${state}`)}</p>}
      <ul className="proposal-list">
        {rows.map((proposal) => (
          <li key={proposal.id}>
            <Proposal workspaceId={workspaceId} proposal={proposal} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** One proposal: its question and answer (editable while pending), where it came from, and the decision. */
function Proposal({ workspaceId, proposal }: { workspaceId: string; proposal: KnowledgeProposal }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [question, setQuestion] = useState(proposal.question);
  const [answer, setAnswer] = useState(proposal.answer);
  const [baseId, setBaseId] = useState('');
  const bases = useBaseChoices(workspaceId);
  const edit = useEditProposal(workspaceId);
  const accept = useAcceptProposal(workspaceId);
  const discard = useDiscardProposal(workspaceId);
  const errors = fieldErrors(edit.error);
  const failure = edit.error ?? accept.error ?? discard.error;
  const pending = proposal.state === 'pending';
  const headingId = `proposal-${proposal.id}`;
  return (
    <article aria-labelledby={headingId}>
      <h2 id={headingId}>{proposal.question}</h2>
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            edit.mutate({ id: proposal.id, body: { question, answer } }, { onSuccess: () => setEditing(false) });
          }}
        >
          <label>
            {t('proposals.question')}
            <input
              type="text"
              value={question}
              aria-invalid={errors.question ? true : undefined}
              onChange={(e) => setQuestion(e.target.value)}
            />
            {errors.question && <small>{errors.question}</small>}
          </label>
          <label>
            {t('proposals.answer')}
            <textarea rows={4} value={answer} aria-invalid={errors.answer ? true : undefined} onChange={(e) => setAnswer(e.target.value)} />
            {errors.answer && <small>{errors.answer}</small>}
          </label>
          <div className="actions">
            <button type="submit" disabled={edit.isPending}>
              {t('proposals.save')}
            </button>
            <button type="button" className="secondary outline" onClick={() => setEditing(false)}>
              {t('proposals.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <p className="proposal-answer">{proposal.answer}</p>
      )}
      <p>
        <small>
          <Link to={`/w/${workspaceId}/conversations/${proposal.conversationId}`}>{t('proposals.from')}</Link>
          {proposal.edited && ` · ${t('proposals.edited')}`}
          {proposal.state !== 'pending' && ` · ${t(`proposals.state.${proposal.state}`)}`}
        </small>
      </p>
      {pending && !editing && (
        <form
          className="actions"
          onSubmit={(event) => {
            event.preventDefault();
            if (baseId) accept.mutate({ id: proposal.id, body: { baseId } });
          }}
        >
          <label>
            {t('proposals.base')}
            <select value={baseId} required onChange={(e) => setBaseId(e.target.value)}>
              <option value="">{t('proposals.chooseBase')}</option>
              {(bases.data?.data ?? []).map((base) => (
                <option key={base.id} value={base.id}>
                  {base.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={accept.isPending || !baseId}>
            {t('proposals.accept')}
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            {t('proposals.edit')}
          </button>
          <button type="button" className="secondary outline" disabled={discard.isPending} onClick={() => discard.mutate(proposal.id)}>
            {t('proposals.discard')}
          </button>
        </form>
      )}
      {failure && !errors.question && !errors.answer && <p role="alert">{t('common.error', { message: failure.message })}</p>}
    </article>
  );
}
