import { createHash } from 'node:crypto';
import { createInbox, headers, type NatsConnection } from '@nats-io/transport-node';

/**
 * Bytes larger than one NATS message (`max_payload`, 1 MiB by default) passed beside a
 * request/reply: the caller opens an inbox and names it in its request; the responder publishes
 * the bytes there in numbered chunks, then answers how many it sent and their SHA-256. Nothing is
 * kept anywhere (no store, no second download on another replica); a lost chunk is a timeout.
 */
export const CHUNK_HEADER = 'Platica-Chunk';
/** Room left in a message for its headers and NATS's framing. */
const HEADROOM_BYTES = 16 * 1024;

/** Publishes `bytes` to `inbox` in chunks; answers how many and their SHA-256 (hex). */
export async function sendChunks(connection: NatsConnection, inbox: string, bytes: Uint8Array): Promise<{ chunks: number; sha256: string }> {
  const size = Math.max(1, connection.info!.max_payload - HEADROOM_BYTES);
  let chunks = 0;
  for (let offset = 0; offset < bytes.length || chunks === 0; offset += size) {
    const h = headers();
    h.set(CHUNK_HEADER, String(chunks));
    connection.publish(inbox, bytes.subarray(offset, offset + size), { headers: h });
    chunks += 1;
  }
  // Sent before the reply that announces them.
  await connection.flush();
  return { chunks, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** An inbox that gathers chunks until `collect` is told how many make the whole. */
export class ChunkInbox {
  readonly subject = createInbox();
  private readonly parts = new Map<number, Uint8Array>();
  private notify: (() => void) | null = null;
  private readonly subscription;

  constructor(connection: NatsConnection) {
    this.subscription = connection.subscribe(this.subject, {
      callback: (error, message) => {
        if (error) return;
        this.parts.set(Number(message.headers?.get(CHUNK_HEADER)), message.data);
        this.notify?.();
      },
    });
  }

  /** The bytes once `chunks` have come (their SHA-256 checked); throws after `timeoutMs`. */
  async collect(expected: { chunks: number; sha256: string }, timeoutMs: number): Promise<Uint8Array> {
    if (this.parts.size < expected.chunks) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${this.parts.size} of ${expected.chunks} chunks came within ${timeoutMs} ms`)), timeoutMs);
        this.notify = () => {
          if (this.parts.size < expected.chunks) return;
          clearTimeout(timer);
          resolve();
        };
      });
    }
    const data = new Uint8Array(Buffer.concat(Array.from({ length: expected.chunks }, (_, i) => this.parts.get(i) ?? new Uint8Array())));
    if (createHash('sha256').update(data).digest('hex') !== expected.sha256) throw new Error('the chunks did not make the bytes sent');
    return data;
  }

  close(): void {
    this.subscription.unsubscribe();
  }
}
