import type { ChatAttachment } from '@platica/contracts';

/**
 * How a chat request's text and attachments are stored (spec › Chat rule 5): images (`image/*`)
 * as visual content, anything else as files, all of them one message.
 */
export function chatMessageContent(message: string | null, attachments: ChatAttachment[]) {
  const items = attachments.map((a) => ({ url: a.url, mimeType: a.mimeType, filename: a.filename ?? filenameOf(a.url) }));
  const isImage = (item: { mimeType: string }) => item.mimeType.toLowerCase().startsWith('image/');
  const images = items.filter(isImage);
  const files = items.filter((item) => !isImage(item));
  return {
    content: message ?? '',
    contentType: !items.length ? 'text' : files.length ? 'file' : 'image',
    payload: {},
    images,
    files,
  };
}

/** The last segment of the URL's path (spec: a filename is derived from the URL when omitted). */
export function filenameOf(url: string): string {
  let segment: string | undefined;
  try {
    segment = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  } catch {
    return 'attachment';
  }
  if (!segment) return 'attachment';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
