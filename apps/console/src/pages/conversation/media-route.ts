export type MediaKind = 'image' | 'video' | 'audio' | 'document';

/** What a media is shown as: by its type (a file's own, else the message's), else its MIME type. */
export function mediaKind(type: string, mimeType?: string): MediaKind {
  if (type === 'image' || type === 'sticker') return 'image';
  if (type === 'video' || type === 'audio') return type;
  const family = mimeType?.split('/')[0];
  if (family === 'image' || family === 'video' || family === 'audio') return family;
  return 'document';
}

/**
 * The gateway's media route for a message's `index`-th attachment (its images, then its files),
 * relative under the console's API, so the session's cookie carries it: the browser never sees a
 * Graph URL or a channel's token (docs/receiving-from-meta.md › Customer media).
 */
export function mediaRoute(workspaceId: string, conversationId: string, messageId: string, index: number): string {
  const path = `/console/api/v1/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/media`;
  return `${path}?${new URLSearchParams({ workspace: workspaceId, index: String(index) })}`;
}
