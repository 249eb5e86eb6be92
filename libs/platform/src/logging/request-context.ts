import { AsyncLocalStorage } from 'node:async_hooks';

/** Carries the request id through everything one request does, so every log line names it. */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
