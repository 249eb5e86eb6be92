/**
 * A bound on the campaign attempts between their record and Graph's answer, across every
 * deliver request of this process: only those can end `unknown` when the process is killed,
 * so this is the most a kill can leave unknown.
 */
export class AttemptSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves with the slot's release (call it once) when one is free. */
  async take(): Promise<() => void> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
  }
}
