import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AGENT_BOUNDS as B, AGENT_ENUMS, DEFAULT_UNKNOWN_ANSWER, type Weekday } from '../../agent-bounds';
import { ApiError } from '../../api/client';
import type { RequestBody, Schema } from '../../api/schema';
import { SaveOutcome, submitHandler, linesOf, showFieldIssues, useFieldKit, useRules } from '../../forms/form-kit';
import { fieldIssuesOf, type FieldIssue } from '../../forms/server-errors';
import { useReloadAgents, useUpdateAgent } from './agent-queries';

type Agent = Schema<'Agent'>;
type WorkingMessage = Agent['workingMessage'];
type Day = { start: string; end: string; availability: string };

/** The form's values: the API's fields, with lists edited as one item per line and absent texts as ''. */
interface SettingsValues {
  name: string;
  status: Agent['status'];
  channel: string;
  channelId: string;
  phoneNumber: string;
  imageUrl: string;
  supportInformation: { supportAddress: string; supportEmail: string; supportPhone: string; serviceHours: Record<Weekday, Day> };
  recallLastConversation: boolean;
  enableFileAttachments: boolean;
  disableContextSummarization: boolean;
  requireEvaluation: boolean;
  readNotes: boolean;
  answerOnlyFromKnowledge: boolean;
  unknownAnswerMessage: string;
  workingMessage: Omit<WorkingMessage, 'trigger' | 'sticker'> & {
    trigger: Omit<WorkingMessage['trigger'], 'toolNames'> & { toolNames: string };
    sticker: { enabled: boolean; url: string };
  };
  owners: string;
}
type SettingsBody = RequestBody<'agents_update'>;

function valuesOf(agent: Agent): SettingsValues {
  const support = agent.supportInformation;
  const hours = support?.serviceHours ?? {};
  const { trigger, sticker } = agent.workingMessage;
  return {
    name: agent.name,
    status: agent.status,
    channel: agent.channel,
    channelId: agent.comunicationChannel.channelId.join('\n'),
    phoneNumber: agent.comunicationChannel.phoneNumber.join('\n'),
    imageUrl: agent.imageUrl ?? '',
    supportInformation: {
      supportAddress: support?.supportAddress ?? '',
      supportEmail: support?.supportEmail ?? '',
      supportPhone: support?.supportPhone ?? '',
      serviceHours: Object.fromEntries(
        AGENT_ENUMS.weekday.map((day) => [day, hours[day] ?? { start: '', end: '', availability: '' }]),
      ) as Record<Weekday, Day>,
    },
    recallLastConversation: agent.recallLastConversation,
    enableFileAttachments: agent.enableFileAttachments,
    disableContextSummarization: agent.disableContextSummarization ?? false,
    requireEvaluation: agent.requireEvaluation,
    readNotes: agent.readNotes,
    answerOnlyFromKnowledge: agent.answerOnlyFromKnowledge,
    unknownAnswerMessage: agent.unknownAnswerMessage,
    workingMessage: {
      ...agent.workingMessage,
      trigger: { ...trigger, toolNames: trigger.toolNames.join('\n') },
      sticker: { enabled: sticker.enabled, url: sticker.url ?? '' },
    },
    owners: agent.owners.join('\n'),
  };
}

/** The body of a save: `editedFrom` is the agent's lastUpdate when the edit began, so a change made meanwhile is a 409, not overwritten. */
function bodyOf(values: SettingsValues, agent: Agent, editedFrom: string): SettingsBody {
  const { supportInformation: support, workingMessage: working } = values;
  const serviceHours = Object.fromEntries(
    Object.entries(support.serviceHours)
      .map(([weekday, day]) => [weekday, { start: day.start.trim(), end: day.end.trim(), availability: day.availability.trim() }] as const)
      .filter(([, day]) => day.start || day.end || day.availability),
  );
  return {
    name: values.name.trim(),
    status: values.status,
    channel: values.channel.trim(),
    channelId: linesOf(values.channelId),
    phoneNumber: linesOf(values.phoneNumber),
    // The API cannot clear an image: an emptied field leaves it as it is.
    ...(values.imageUrl.trim() ? { imageUrl: values.imageUrl.trim() } : {}),
    supportInformation: {
      supportAddress: support.supportAddress.trim() || null,
      supportEmail: support.supportEmail.trim() || null,
      supportPhone: support.supportPhone.trim() || null,
      serviceHours: Object.keys(serviceHours).length ? serviceHours : null,
    },
    recallLastConversation: values.recallLastConversation,
    enableFileAttachments: values.enableFileAttachments,
    // Unset (the platform's default) stays unset until someone turns it on.
    disableContextSummarization:
      agent.disableContextSummarization === null && !values.disableContextSummarization ? null : values.disableContextSummarization,
    requireEvaluation: values.requireEvaluation,
    readNotes: values.readNotes,
    answerOnlyFromKnowledge: values.answerOnlyFromKnowledge,
    // Empty: the default sentence (the placeholder).
    unknownAnswerMessage: values.unknownAnswerMessage.trim(),
    workingMessage: {
      ...working,
      trigger: { ...working.trigger, toolNames: linesOf(working.trigger.toolNames) },
      sticker: { enabled: working.sticker.enabled, url: working.sticker.url.trim() || null },
    },
    owners: linesOf(values.owners),
    expectedLastUpdate: editedFrom,
  };
}

/** The API's 409 for an agent changed since the form read it (`expectedLastUpdate`). */
const isStaleEdit = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && fieldIssuesOf(error).some((issue) => issue.path[0] === 'expectedLastUpdate');

const isUrl = (value: string) => !value.trim() || URL.canParse(value.trim());

/** Every setting of the agent the API's PATCH takes, but its prompt (the prompt section) and human assistance (its own form). */
export function SettingsForm({ agent, workspaceId }: { agent: Agent; workspaceId: string }) {
  const { t, i18n } = useTranslation();
  const form = useForm<SettingsValues>({ defaultValues: valuesOf(agent) });
  const { field, error } = useFieldKit(form, 'settings');
  const rules = useRules();
  const [unplaced, setUnplaced] = useState<FieldIssue[]>([]);
  // The agent the edit began from: its lastUpdate is what a save says it edited.
  const [base, setBase] = useState(agent);
  const editedFrom = base.lastUpdate;
  // What this form saved last (its values as JSON).
  const lastSaved = useRef('');
  // A newer agent (a refetch) is followed while nothing is being edited: it must not wipe what the
  // person is typing. While editing, it becomes the edit's base when what this form edits is the
  // same in it (a save of the guardrails or assist rules, or this form's own save): only someone
  // else's change to these settings makes the save a 409.
  const isDirty = form.formState.isDirty;
  useEffect(() => {
    if (agent.lastUpdate === base.lastUpdate) return;
    const now = JSON.stringify(valuesOf(agent));
    if (!isDirty) form.reset(valuesOf(agent));
    else if (now !== JSON.stringify(valuesOf(base)) && now !== lastSaved.current) return;
    setBase(agent);
  }, [agent, base, isDirty, form]);
  const save = useUpdateAgent(workspaceId, agent.id);
  const send = (values: SettingsValues) => {
    setUnplaced([]);
    save.mutate(bodyOf(values, agent, editedFrom), {
      // Saved: no longer an edit; the agent read again (with its new lastUpdate) fills the form.
      onSuccess: () => {
        lastSaved.current = JSON.stringify(values);
        form.reset(values);
      },
      onError: (failure) => setUnplaced(isStaleEdit(failure) ? [] : showFieldIssues(form, failure)),
    });
  };
  const reloadAgents = useReloadAgents(workspaceId);
  /** After a 409: the edit is dropped and the form takes the agent as it is now. */
  const reload = async () => {
    save.reset();
    form.reset();
    await reloadAgents();
  };
  const working = form.watch('workingMessage');
  // 2024-01-01 was a Monday: the weekdays' names in the reader's language.
  const weekdayName = (index: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(new Date(2024, 0, 1 + index));
  const dayRule = (day: Weekday, part: keyof Day) => ({
    validate: (value: string, values: SettingsValues) => {
      const filled = Object.values(values.supportInformation.serviceHours[day]).some((v) => v.trim());
      if (filled && !value.trim()) return t('agentForms.dayIncomplete');
      if (value.trim() && part !== 'availability' && !B.clock.test(value.trim())) return t('agentForms.time');
      if (part === 'availability' && value.length > B.availability.max) return t('form.tooLong', { max: B.availability.max });
      return true;
    },
  });

  return (
    <form noValidate onSubmit={submitHandler(form, save, send)}>
      <fieldset>
        <legend>{t('agentForms.general')}</legend>
        <label htmlFor="settings-name">{t('agents.name')}</label>
        <input
          {...field('name', {
            ...rules.maxLength(B.name.max),
            validate: (v) => !!v.trim() || t('form.required'),
          })}
        />
        {error('name')}
        <label htmlFor="settings-status">{t('agents.status')}</label>
        <select {...field('status')}>
          <option value="active">{t('agents.active')}</option>
          <option value="inactive">{t('agents.inactive')}</option>
        </select>
        <label htmlFor="settings-channel">{t('agents.channel')}</label>
        <input {...field('channel', { required: rules.required, ...rules.maxLength(B.channel.max) })} />
        {error('channel')}
        <label htmlFor="settings-channelId">{t('agentForms.channelIds')}</label>
        <textarea rows={2} {...field('channelId', rules.lines({ max: B.channelId.max }))} />
        {error('channelId')}
        <label htmlFor="settings-phoneNumber">{t('agentForms.phoneNumbers')}</label>
        <textarea rows={2} {...field('phoneNumber', rules.lines({ pattern: B.phoneNumber, invalid: t('agentForms.phone') }))} />
        {error('phoneNumber')}
        <label htmlFor="settings-imageUrl">{t('agentForms.imageUrl')}</label>
        <input
          type="url"
          {...field('imageUrl', { ...rules.maxLength(B.imageUrl.max), validate: (v) => isUrl(v) || t('agentForms.url') })}
        />
        {error('imageUrl')}
      </fieldset>

      <fieldset>
        <legend>{t('agentForms.support')}</legend>
        <label htmlFor="settings-supportInformation-supportAddress">{t('agentForms.supportAddress')}</label>
        <input {...field('supportInformation.supportAddress', rules.maxLength(B.supportAddress.max))} />
        {error('supportInformation.supportAddress')}
        <label htmlFor="settings-supportInformation-supportEmail">{t('agentForms.supportEmail')}</label>
        <input
          type="email"
          {...field('supportInformation.supportEmail', {
            validate: (v) => !v.trim() || B.email.test(v.trim()) || t('agentForms.emailField'),
          })}
        />
        {error('supportInformation.supportEmail')}
        <label htmlFor="settings-supportInformation-supportPhone">{t('agentForms.supportPhone')}</label>
        <input {...field('supportInformation.supportPhone', rules.maxLength(B.supportPhone.max))} />
        {error('supportInformation.supportPhone')}
        {/* Wider than a phone: the week scrolls sideways inside its box, not the page. */}
        <div className="overflow-auto">
          <table className="service-hours">
            <caption>{t('agentForms.serviceHours')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('agentForms.day')}</th>
                <th scope="col">{t('agentForms.opens')}</th>
                <th scope="col">{t('agentForms.closes')}</th>
                <th scope="col">{t('agentForms.availability')}</th>
              </tr>
            </thead>
            <tbody>
              {AGENT_ENUMS.weekday.map((day, index) => (
                <tr key={day}>
                  <th scope="row">{weekdayName(index)}</th>
                  {(['start', 'end', 'availability'] as const).map((part) => (
                    <td key={part}>
                      <input
                        aria-label={`${weekdayName(index)}: ${t(part === 'start' ? 'agentForms.opens' : part === 'end' ? 'agentForms.closes' : 'agentForms.availability')}`}
                        placeholder={part === 'availability' ? '' : part === 'start' ? '8:00am' : '5:00pm'}
                        {...field(`supportInformation.serviceHours.${day}.${part}`, dayRule(day, part))}
                      />
                      {error(`supportInformation.serviceHours.${day}.${part}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <small>{t('agentForms.serviceHoursHint')}</small>
      </fieldset>

      <fieldset>
        <legend>{t('agentForms.memory')}</legend>
        <label>
          <input type="checkbox" role="switch" {...field('recallLastConversation')} />
          {t('agentForms.recallLastConversation')}
        </label>
        <label>
          <input type="checkbox" role="switch" {...field('enableFileAttachments')} />
          {t('agentForms.enableFileAttachments')}
        </label>
        <label>
          <input type="checkbox" role="switch" {...field('disableContextSummarization')} />
          {t('agentForms.disableContextSummarization')}
        </label>
        <label>
          <input type="checkbox" role="switch" {...field('readNotes')} aria-describedby="settings-readNotes-hint" />
          {t('agentForms.readNotes')}
        </label>
        <small id="settings-readNotes-hint">{t('agentForms.readNotesHint')}</small>
      </fieldset>

      <fieldset>
        <legend>{t('agentForms.evaluations')}</legend>
        <label>
          <input type="checkbox" role="switch" {...field('requireEvaluation')} aria-describedby="settings-requireEvaluation-hint" />
          {t('agentForms.requireEvaluation')}
        </label>
        <small id="settings-requireEvaluation-hint">{t('agentForms.requireEvaluationHint')}</small>
      </fieldset>

      <fieldset>
        <legend>{t('agentForms.knowledge')}</legend>
        <label>
          <input
            type="checkbox"
            role="switch"
            {...field('answerOnlyFromKnowledge')}
            aria-describedby="settings-answerOnlyFromKnowledge-hint"
          />
          {t('agentForms.answerOnlyFromKnowledge')}
        </label>
        <small id="settings-answerOnlyFromKnowledge-hint">{t('agentForms.answerOnlyFromKnowledgeHint')}</small>
        <label htmlFor="settings-unknownAnswerMessage">{t('agentForms.unknownAnswerMessage')}</label>
        <textarea
          rows={2}
          placeholder={DEFAULT_UNKNOWN_ANSWER}
          {...field('unknownAnswerMessage', rules.maxLength(B.unknownAnswerMessage.max))}
        />
        {error('unknownAnswerMessage')}
      </fieldset>

      <fieldset>
        <legend>{t('agentForms.workingMessage')}</legend>
        <small>{t('agentForms.workingMessageHint')}</small>
        <label>
          <input type="checkbox" role="switch" {...field('workingMessage.enabled')} />
          {t('agentForms.workingEnabled')}
        </label>
        <label htmlFor="settings-workingMessage-trigger-type">{t('agentForms.triggerType')}</label>
        <select {...field('workingMessage.trigger.type')}>
          {AGENT_ENUMS.triggerType.map((type) => (
            <option key={type} value={type}>
              {t(`agentForms.trigger.${type}`)}
            </option>
          ))}
        </select>
        {working.trigger.type !== 'toolName' && (
          <>
            <label htmlFor="settings-workingMessage-trigger-minToolCalls">{t('agentForms.minToolCalls')}</label>
            <input
              type="number"
              min={B.minToolCalls.min}
              max={B.minToolCalls.max}
              {...field('workingMessage.trigger.minToolCalls', { valueAsNumber: true, ...rules.range(B.minToolCalls) })}
            />
            {error('workingMessage.trigger.minToolCalls')}
          </>
        )}
        {working.trigger.type !== 'toolCallCount' && (
          <>
            <label htmlFor="settings-workingMessage-trigger-toolNames">{t('agentForms.toolNames')}</label>
            <textarea rows={2} {...field('workingMessage.trigger.toolNames', rules.lines(B.toolNames))} />
            {error('workingMessage.trigger.toolNames')}
            <label htmlFor="settings-workingMessage-trigger-match">{t('agentForms.match')}</label>
            <select {...field('workingMessage.trigger.match')}>
              {AGENT_ENUMS.match.map((match) => (
                <option key={match} value={match}>
                  {t(`agentForms.match.${match}`)}
                </option>
              ))}
            </select>
          </>
        )}
        <label>
          <input type="checkbox" role="switch" {...field('workingMessage.message.enabled')} />
          {t('agentForms.messageEnabled')}
        </label>
        <label htmlFor="settings-workingMessage-message-mode">{t('agentForms.mode')}</label>
        <select {...field('workingMessage.message.mode')}>
          {AGENT_ENUMS.mode.map((mode) => (
            <option key={mode} value={mode}>
              {t(`agentForms.mode.${mode}`)}
            </option>
          ))}
        </select>
        {working.message.mode === 'fixed' ? (
          <>
            <label htmlFor="settings-workingMessage-message-fixedText">{t('agentForms.fixedText')}</label>
            <textarea rows={2} {...field('workingMessage.message.fixedText', rules.maxLength(B.fixedText.max))} />
            {error('workingMessage.message.fixedText')}
          </>
        ) : (
          <>
            <label htmlFor="settings-workingMessage-message-aiPrompt">{t('agentForms.aiPrompt')}</label>
            <textarea rows={2} {...field('workingMessage.message.aiPrompt', rules.maxLength(B.aiPrompt.max))} />
            {error('workingMessage.message.aiPrompt')}
          </>
        )}
        <label>
          <input type="checkbox" role="switch" {...field('workingMessage.sticker.enabled')} />
          {t('agentForms.stickerEnabled')}
        </label>
        <label htmlFor="settings-workingMessage-sticker-url">{t('agentForms.stickerUrl')}</label>
        <input type="url" {...field('workingMessage.sticker.url', { validate: (v) => isUrl(v) || t('agentForms.url') })} />
        {error('workingMessage.sticker.url')}
      </fieldset>

      <fieldset>
        <legend>{t('agentForms.owners')}</legend>
        <label htmlFor="settings-owners">{t('agentForms.ownerEmails')}</label>
        <textarea
          rows={2}
          {...field('owners', rules.lines({ maxItems: B.owners.maxItems, pattern: B.email, invalid: t('agentForms.email') }))}
        />
        {error('owners')}
      </fieldset>

      <button type="submit" disabled={save.isPending}>
        {t('agentForms.saveSettings')}
      </button>
      {isStaleEdit(save.error) ? (
        <div role="alert">
          <p>{t('agentForms.staleEdit')}</p>
          <button type="button" className="secondary" onClick={() => void reload()}>
            {t('agentForms.reloadAgent')}
          </button>
        </div>
      ) : (
        <SaveOutcome saved={save.isSuccess} error={save.error} unplaced={unplaced} />
      )}
    </form>
  );
}
