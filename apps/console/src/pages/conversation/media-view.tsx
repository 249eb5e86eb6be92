import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaKind } from './media-route';
import type { ConversationMessage } from './types';

type Attachment = ConversationMessage['files'][number] & { type?: unknown; caption?: unknown };
/**
 * A customer's media in the conversation: an image inline, audio and video with their controls,
 * a document as a download link, all through the media route. When the route refuses (Meta no
 * longer has it, too large, Meta unreachable), its own error text is shown in the media's place.
 */
export function MediaView({ file, contentType, src }: { file: Attachment; contentType: string; src: string }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  // The route answered but the browser cannot show or play it (a format it lacks): offered as a download.
  const [undecodable, setUndecodable] = useState(false);
  const kind = mediaKind(typeof file.type === 'string' ? file.type : contentType, file.mimeType);
  const label = t('conv.mediaLink', { type: t(`conv.media.${kind}`), name: file.filename ?? file.mediaId ?? '' });
  // A media element tells only that it failed: the route's answer says why.
  const failed = () =>
    void fetch(src, { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.ok) return setUndecodable(true);
        const body: unknown = await response.json().catch(() => null);
        const words = typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : null;
        setFailure(words ?? t('conv.mediaUnavailable', { status: response.status }));
      })
      .catch(() => setFailure(t('conv.mediaUnavailable', { status: 0 })));

  if (failure) {
    return (
      <span className="media-failure">
        {label}: {failure}
      </span>
    );
  }
  const download = (
    <a href={src} download={file.filename ?? true}>
      {t('conv.mediaDownload', { name: file.filename ?? label })}
    </a>
  );
  if (undecodable) return download;
  switch (kind) {
    case 'image':
      return (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={label} onError={failed} />
        </a>
      );
    case 'audio':
      return <audio controls preload="metadata" src={src} aria-label={label} onError={failed} />;
    case 'video':
      return <video controls preload="metadata" src={src} aria-label={label} onError={failed} />;
    case 'document':
      return download;
  }
}
