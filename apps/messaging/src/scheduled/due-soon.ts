import { Injectable } from '@nestjs/common';

/**
 * In-process word from the scheduling path to the dispatcher that a message was accepted
 * (or moved) to a given instant, so a message due sooner than the dispatcher's next look at
 * the table is not late by a poll. Only a hint: the dispatcher finds every row by polling.
 */
@Injectable()
export class DueSoon {
  private listener: ((at: number) => void) | null = null;

  notify(at: Date): void {
    this.listener?.(at.getTime());
  }

  listen(listener: ((at: number) => void) | null): void {
    this.listener = listener;
  }
}
