/**
 * What the sends of one batch share (a campaign run's deliver request: one workspace, one
 * channel, one template): each lookup is made once for the batch instead of once a message.
 * A batch lives for seconds, so a template or custom field changed meanwhile applies from the
 * next batch.
 */
export class SendLookups {
  private readonly loaded = new Map<string, Promise<unknown>>();

  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let value = this.loaded.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      // A failed lookup is not kept: the next send of the batch asks again.
      value.catch(() => this.loaded.delete(key));
      this.loaded.set(key, value);
    }
    return value;
  }
}
