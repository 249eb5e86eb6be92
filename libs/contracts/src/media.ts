import { z } from 'zod';

/**
 * Customer media (docs/receiving-from-meta.md › Customer media): `GET
 * /v1/conversations/{id}/messages/{messageId}/media` is served by the gateway, which asks
 * messaging for the bytes. Messaging holds the channel's token and asks Graph by the media id
 * stored with the message; the bytes come back in chunks over NATS (platform › chunked-bytes),
 * so neither the token nor Meta's URL leaves messaging.
 */
export const messageMediaQuerySchema = z.strictObject({
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .optional()
    .describe('Which of the message’s attachments (a Messenger or Instagram message may carry several); 0 by default'),
  workspace: z.string().optional(),
});

/** What the gateway asks messaging for: a media of a stored message of the envelope's workspace. */
export interface MessageMediaRequest {
  conversationRef: string;
  messageId: string;
  index: number;
  /** Larger media are refused before their download (Graph's `file_size`) and while it runs. */
  maxBytes: number;
  /** The download's bound once Graph has answered the media's URL. */
  timeoutMs: number;
  chunksTo: string;
}

/** The media sent in chunks to `chunksTo`: its type, size and, for a document, its file name. */
export interface MessageMedia {
  mimeType: string;
  filename: string | null;
  size: number;
  chunks: number;
  /** SHA-256 (hex) of the bytes sent, which the receiver checks. */
  sha256: string;
}
