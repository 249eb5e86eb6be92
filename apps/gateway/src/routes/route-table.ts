/**
 * The gateway's explicit route table, generated from the public operation objects of
 * libs/contracts: a path not listed here is 404. An operation marked `pending` answers 501
 * after authentication, naming the capability that will deliver it.
 */
import { PUBLIC_OPERATIONS, type PublicOperation } from '@platica/contracts';

export interface Route {
  operation: PublicOperation;
  /** Fastify path syntax: `/v1/agents/:agentId`. */
  url: string;
}

export const ROUTES: readonly Route[] = PUBLIC_OPERATIONS.map((operation) => ({
  operation,
  url: operation.path.replace(/\{(\w+)\}/g, ':$1'),
}));
