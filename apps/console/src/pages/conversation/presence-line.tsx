import { useTranslation } from 'react-i18next';
import { useOthersPresent } from '../../api/presence-store';
import { useWorkspaces } from '../shell/shell-queries';

/** "Ana is viewing" / "Ana is typing…": the other people on this conversation now, never oneself (docs/console.md › Presence). */
export function PresenceLine({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const me = useWorkspaces().data?.user?.id;
  const others = useOthersPresent(conversationId, me);
  return (
    // Always in the page, so a screen reader announces who arrives and who starts typing.
    <p className="presence" role="status" aria-live="polite">
      {others.map((presence) => (
        <span key={presence.userId}>
          {t(presence.activity === 'typing' ? 'presence.typing' : 'presence.viewing', { name: presence.name })}
        </span>
      ))}
    </p>
  );
}
