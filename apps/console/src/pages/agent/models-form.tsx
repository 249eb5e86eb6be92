import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrors } from '../../forms/server-errors';
import { MODEL_BOUNDS as B } from '../../model-bounds';
import { Status } from '../layout';
import {
  useAgentModels,
  useConnections,
  useUpdateAgentModels,
  type AgentModels,
  type ModelConnection,
  type ModelRef,
} from '../models/model-queries';

const ROLES = ['reply', 'guardrail', 'summary'] as const;

/** A model as a `<select>` value; '' is the workspace's default. */
const keyOf = (ref: ModelRef | null) => (ref ? JSON.stringify([ref.connectionId, ref.model]) : '');
const refOf = (key: string): ModelRef | null => {
  if (!key) return null;
  const [connectionId, model] = JSON.parse(key) as [string | null, string];
  return { connectionId, model };
};

/** The messages of a 400 whose path starts with `field` (`reply`, `fallback.1`), joined. */
const messageFor = (errors: Record<string, string>, field: string) =>
  Object.entries(errors)
    .filter(([path]) => path === field || path.startsWith(`${field}.`))
    .map(([, message]) => message)
    .join('; ') || undefined;

/**
 * Which model an agent's replies, guardrail evaluator and summaries use (each the workspace's
 * default or a model of one of its connections) and its ordered fallback list, added to,
 * removed from and reordered with buttons, so the keyboard does all of it (docs/agents.md ›
 * Models and fallback). The API's 400 is shown beside the field it names.
 */
export function ModelsForm({ workspaceId, agentId }: { workspaceId: string; agentId: string }) {
  const { t } = useTranslation();
  const settings = useAgentModels(workspaceId, agentId);
  const connections = useConnections(workspaceId);
  const save = useUpdateAgentModels(workspaceId, agentId);
  const [draft, setDraft] = useState<AgentModels | undefined>(undefined);
  const [adding, setAdding] = useState('');
  // Where focus goes after a reorder or removal: the moved item's same button, or the list's add control.
  const [focusAfter, setFocusAfter] = useState<string | undefined>(undefined);
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLSelectElement>(null);
  // The form follows the API's answer until a person changes something.
  useEffect(() => {
    if (settings.data && !draft) setDraft(settings.data);
  }, [settings.data, draft]);
  useEffect(() => {
    if (!focusAfter) return;
    // Compared, not put in a selector: a key holds quotes and brackets.
    const target =
      focusAfter === 'add'
        ? addRef.current
        : [...(listRef.current?.querySelectorAll<HTMLElement>('[data-focus]') ?? [])].find((button) => button.dataset.focus === focusAfter);
    target?.focus();
    setFocusAfter(undefined);
  }, [focusAfter, draft]);

  if (!draft || !connections.data) {
    return <Status loading={settings.isPending || connections.isPending} error={settings.error ?? connections.error} />;
  }
  const errors = fieldErrors(save.error);
  const options = modelOptions(connections.data, [...ROLES.map((role) => draft[role]), ...draft.fallback], t('agentModels.installation'));
  const labelOf = (ref: ModelRef) => options.find((o) => o.key === keyOf(ref))?.label ?? ref.model;
  const change = (next: AgentModels) => {
    save.reset();
    setDraft(next);
  };
  const moveFallback = (from: number, to: number) => {
    const fallback = [...draft.fallback];
    const [moved] = fallback.splice(from, 1);
    fallback.splice(to, 0, moved!);
    change({ ...draft, fallback });
  };
  const fallbackKeys = new Set(draft.fallback.map(keyOf));
  const addable = options.filter((o) => !fallbackKeys.has(o.key));
  const toAdd = addable.some((o) => o.key === adding) ? adding : (addable[0]?.key ?? '');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft, { onSuccess: ({ data: saved }) => setDraft(saved) });
      }}
    >
      {connections.data.length === 0 && (
        <p>
          <small>
            {t('agentModels.noConnections')} <Link to={`/w/${workspaceId}/models`}>{t('models.heading')}</Link>
          </small>
        </p>
      )}
      <div className="grid">
        {ROLES.map((role) => {
          const message = messageFor(errors, role);
          const id = `agent-models-${role}`;
          return (
            <div key={role}>
              <label htmlFor={id}>{t(`agentModels.${role}`)}</label>
              <select
                id={id}
                value={keyOf(draft[role])}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
                onChange={(event) => change({ ...draft, [role]: refOf(event.target.value) })}
              >
                <option value="">{t('agentModels.workspaceDefault')}</option>
                {options.map((o) => (
                  <option key={o.key} value={o.key}>
                    {o.label}
                  </option>
                ))}
              </select>
              {message && <small id={`${id}-error`}>{message}</small>}
            </div>
          );
        })}
      </div>
      <fieldset aria-describedby={messageFor(errors, 'fallback') ? 'agent-models-fallback-error' : 'agent-models-fallback-hint'}>
        <legend>{t('agentModels.fallback', { max: B.fallback.maxItems })}</legend>
        <small id="agent-models-fallback-hint">{t('agentModels.fallbackHint')}</small>
        {draft.fallback.length === 0 ? (
          <p>{t('agentModels.noFallback')}</p>
        ) : (
          <ol ref={listRef} className="fallback-list">
            {draft.fallback.map((ref, index) => {
              const name = labelOf(ref);
              const message = messageFor(errors, `fallback.${index}`);
              return (
                <li key={keyOf(ref)}>
                  <span>{name}</span>
                  <span className="actions">
                    <button
                      type="button"
                      className="outline secondary"
                      data-focus={`up-${keyOf(ref)}`}
                      aria-label={t('agentModels.moveUp', { model: name })}
                      disabled={index === 0}
                      onClick={() => {
                        moveFallback(index, index - 1);
                        setFocusAfter(index - 1 === 0 ? `down-${keyOf(ref)}` : `up-${keyOf(ref)}`);
                      }}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="outline secondary"
                      data-focus={`down-${keyOf(ref)}`}
                      aria-label={t('agentModels.moveDown', { model: name })}
                      disabled={index === draft.fallback.length - 1}
                      onClick={() => {
                        moveFallback(index, index + 1);
                        setFocusAfter(index + 1 === draft.fallback.length - 1 ? `up-${keyOf(ref)}` : `down-${keyOf(ref)}`);
                      }}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="outline secondary"
                      aria-label={t('agentModels.remove', { model: name })}
                      onClick={() => {
                        change({ ...draft, fallback: draft.fallback.filter((_, i) => i !== index) });
                        setFocusAfter('add');
                      }}
                    >
                      {t('agentModels.removeShort')}
                    </button>
                  </span>
                  {message && <small className="field-error">{message}</small>}
                </li>
              );
            })}
          </ol>
        )}
        {messageFor(errors, 'fallback') && !draft.fallback.some((_, i) => messageFor(errors, `fallback.${i}`)) && (
          <small id="agent-models-fallback-error">{messageFor(errors, 'fallback')}</small>
        )}
        <div className="actions add-fallback">
          <label htmlFor="agent-models-add">{t('agentModels.addLabel')}</label>
          <select
            ref={addRef}
            id="agent-models-add"
            value={toAdd}
            disabled={addable.length === 0}
            onChange={(e) => setAdding(e.target.value)}
          >
            {addable.map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="outline"
            disabled={!toAdd || draft.fallback.length >= B.fallback.maxItems}
            onClick={() => change({ ...draft, fallback: [...draft.fallback, refOf(toAdd)!] })}
          >
            {t('agentModels.add')}
          </button>
        </div>
      </fieldset>
      <button type="submit" disabled={save.isPending}>
        {t('agentModels.save')}
      </button>
      {save.isSuccess && <p role="status">{t('common.saved')}</p>}
      {save.error && <p role="alert">{t('common.error', { message: save.error.message })}</p>}
    </form>
  );
}

/**
 * Every model the agent may choose: each model of each connection, named with its connection;
 * and a model of the installation's connection the settings already name (the API accepts it;
 * the console cannot list the installation's models, so it only keeps the one chosen).
 */
function modelOptions(connections: ModelConnection[], chosen: (ModelRef | null)[], installation: string) {
  const options = connections.flatMap((c) =>
    c.models.map((m) => ({ key: keyOf({ connectionId: c.id, model: m.id }), label: `${m.id} — ${c.name}` })),
  );
  for (const ref of chosen) {
    if (ref && ref.connectionId === null && !options.some((o) => o.key === keyOf(ref))) {
      options.push({ key: keyOf(ref), label: `${ref.model} — ${installation}` });
    }
  }
  return options;
}
