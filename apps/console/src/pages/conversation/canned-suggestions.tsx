import { useCallback, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useCannedReplies } from '../canned-replies/canned-reply-queries';
import { useClient } from '../clients/client-queries';
import { useWorkspaces } from '../shell/shell-queries';
import { contactValues, fillVariables, replaceTyped, slashAt } from './composer-text';
import { Suggestions, type Suggestion } from './suggestions';
import type { ConversationDetail } from './types';

/**
 * The workspace's canned replies offered as `/` is typed in the reply box (docs/console.md ›
 * Canned replies): filtered by shortcut, then by text, as one types; the one picked replaces the
 * `/shortcut`, its variables filled from the conversation's contact (`GET /v1/clients/{id}`, the
 * contact panel's query) and the signed-in person's name.
 */
export function CannedSuggestions({
  workspaceId,
  conversation,
  field,
  onInsert,
}: {
  workspaceId: string;
  conversation: ConversationDetail;
  field: RefObject<HTMLTextAreaElement | null>;
  onInsert: (text: string, caret: number) => void;
}) {
  const { t } = useTranslation();
  const replies = useCannedReplies(workspaceId).data?.cannedReplies ?? [];
  const user = useWorkspaces().data?.user;
  const record = useClient(workspaceId, conversation.clientId).data;
  const options = useCallback(
    (query: string): Suggestion[] => {
      const typed = query.toLowerCase();
      const byShortcut = replies.filter((reply) => reply.shortcut.startsWith(typed));
      const byText = replies.filter((reply) => !byShortcut.includes(reply) && reply.text.toLowerCase().includes(typed));
      return [...byShortcut, ...byText].map((reply) => ({ id: reply.id, label: `/${reply.shortcut}`, hint: reply.text }));
    },
    [replies],
  );
  const pick = useCallback(
    (option: Suggestion, match: { start: number; caret: number }) => {
      const reply = replies.find((r) => r.id === option.id);
      const element = field.current;
      if (!reply || !element) return;
      const values = {
        contact: contactValues({
          name: record?.name ?? conversation.contactName,
          firstname: record?.firstname,
          lastname: record?.lastname,
          email: record?.email,
          phone: record?.phoneNumber ?? conversation.phoneNumber,
        }),
        agent: { name: user?.name ?? user?.email },
      };
      const next = replaceTyped(element.value, match.start, match.caret, fillVariables(reply.text, values));
      onInsert(next.text, next.caret);
    },
    [replies, record, conversation, user, field, onInsert],
  );
  return <Suggestions field={field} find={slashAt} options={options} onPick={pick} label={t('canned.suggestions')} />;
}
