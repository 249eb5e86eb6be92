/**
 * The gateway -> service contract (ARCHITECTURE.md): every public request becomes one NATS
 * request carrying this envelope, and every reply is the HTTP status and body to return.
 */
/** `service`: one service calling another on its own behalf (e.g. the agent runtime asking messaging). */
export type CredentialType = 'api_key' | 'oauth_token' | 'admin' | 'service';
/** OAuth scopes (ARCHITECTURE.md); an API key has both. */
export const SCOPES = ['platica:read', 'platica:write'] as const;
export type Scope = (typeof SCOPES)[number];

export interface WorkspaceRef {
  id: string;
  name: string;
}

export interface AuthContext {
  /** Who acts: `key:<id>`, `user:<id>`, `admin` or `service:<name>`. */
  principal: string;
  credentialType: CredentialType;
  workspaceIds: string[];
  /** Names of the workspaces in `workspaceIds`, for the grouped `workspaces[]` payloads. */
  workspaces: WorkspaceRef[];
  scopes: Scope[];
  /** The acting user (an API key's owner, an OAuth token's user), when there is one. */
  userId: string | null;
  userEmail: string | null;
}

export interface RpcRequest<Body = unknown> {
  auth: AuthContext;
  /** The one workspace a write or workspace-scoped operation targets; null for reads across all. */
  workspaceId: string | null;
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: Body;
  requestId: string;
  /**
   * A request sent with an `Idempotency-Key`: sha256 of the workspace, the key and the request's
   * fingerprint (the gateway's). The owning service records what the request creates under it, in
   * the same transaction, and answers a repeat with that, whether or not the gateway still holds
   * the key (docs/sending-messages.md › Retrying safely). Internal: never a field of the spec.
   */
  requestRef?: string;
  /**
   * With `requestRef`: when the key was first claimed (ISO 8601). A retry that took over a lapsed
   * claim carries its first attempt's moment, so a send's `delay` and `scheduleTime` are judged
   * as they were then: the retry is scheduled as the first attempt, arriving late, would be, not
   * refused because the time has passed meanwhile.
   */
  requestedAt?: string;
}

export interface RpcReply<Body = unknown> {
  status: number;
  body: Body;
  headers?: Record<string, string>;
}
