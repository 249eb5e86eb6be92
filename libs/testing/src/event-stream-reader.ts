/** One server-sent event, or the comments (`: …`) sent between them. */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comments: string[];
}

/** A `text/event-stream` read as an EventSource would, frame by frame. */
export class EventStreamReader {
  readonly frames: Frame[] = [];
  private readonly waiters = new Set<() => void>();
  /** The server ended the stream (or close() did). */
  ended = false;

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly abort: AbortController,
    readonly body: string,
  ) {}

  static async open(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
    const abort = new AbortController();
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
    if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
      return new EventStreamReader(res.status, res.headers, abort, await res.text());
    }
    const reader = new EventStreamReader(res.status, res.headers, abort, '');
    void reader.read(res.body!);
    return reader;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const chunks = body.getReader();
      for (let read = await chunks.read(); !read.done; read = await chunks.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          for (const wake of this.waiters) wake();
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    for (const wake of this.waiters) wake();
  }

  /** The events received (frames with `event:`). */
  get events(): Frame[] {
    return this.frames.filter((frame) => frame.event !== undefined);
  }

  /** Waits until `check` holds of what was received. */
  async until(what: string, check: (reader: EventStreamReader) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this)) {
      if (this.ended) throw new Error(`the stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  close(): void {
    this.abort.abort();
  }
}

function parseFrame(text: string): Frame {
  const frame: Frame = { comments: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comments.push(line.slice(1).trim());
    else if (line.startsWith('id: ')) frame.id = line.slice(4);
    else if (line.startsWith('event: ')) frame.event = line.slice(7);
    else if (line.startsWith('data: ')) frame.data = line.slice(6);
  }
  return frame;
}
