/* eslint-disable @typescript-eslint/no-explicit-any -- a raw SQL row, mapped by hand. */
/** The columns of a message a conversation's reader is shown (`messageFromRow` maps them). */
export const SHOWN_MESSAGE_COLUMNS =
  'id, role, content, content_type, direction, status, created_at, updated_at, files, images, actor_type, actor_id, payload, error';

/** A `messaging.message` row read with raw SQL (SHOWN_MESSAGE_COLUMNS), as the detail shows it. */
export function messageFromRow(r: Record<string, any>) {
  return {
    id: r.id as string,
    role: r.role,
    content: r.content,
    contentType: r.content_type,
    direction: r.direction,
    status: r.status,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    files: r.files,
    images: r.images,
    actorType: r.actor_type as string,
    actorId: r.actor_id,
    payload: r.payload,
    error: r.error,
  };
}
