import { useTranslation } from 'react-i18next';
import type { ConversationDetail } from './types';

/** Who last took the conversation over or handed it back, and when (a person's email, else the credential's id). */
export function OperationChange({ conversation }: { conversation: ConversationDetail }) {
  const { t, i18n } = useTranslation();
  const by = conversation.operationChangedBy;
  if (!by || !conversation.operationChangedAt) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(conversation.operationChangedAt),
  );
  return <>{t(conversation.operation === 'assistance' ? 'conv.takenOverBy' : 'conv.handedBackBy', { name: by.email ?? by.id, when })}</>;
}
