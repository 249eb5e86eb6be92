import { Injectable } from '@nestjs/common';
import { McpUnavailableError, type McpEndpoint } from './mcp-clients';
import { McpOauth } from './mcp-oauth';
import { McpSecretBox, type McpSecrets } from './mcp-secrets';
import type { McpServer } from './mcp-server.entity';
import { McpServerRepository } from './mcp-server.repository';

/** The credentials an MCP server is used with: its headers, a bearer token, or OAuth tokens kept fresh. */
@Injectable()
export class McpCredentials {
  constructor(
    private readonly servers: McpServerRepository,
    private readonly secrets: McpSecretBox,
    private readonly oauth: McpOauth,
  ) {}

  /** OAuth token refreshes under way, by server. */
  private readonly refreshing = new Map<string, Promise<McpSecrets>>();

  /**
   * Runs `work` with the server's credentials: an OAuth token is refreshed when about to
   * expire, and once more when the server answers 401 anyway. A refused authorization leaves
   * the server `authorization_lapsed` (or `authorization_required` if it never had tokens);
   * an unreachable one `error`. Throws McpUnavailableError.
   */
  async withCredentials<T>(server: McpServer, work: (endpoint: McpEndpoint) => Promise<T>): Promise<T> {
    let secrets = this.secrets.open(server.secretsSealed);
    const oauth = server.authType === 'oauth';
    const lapse = async (message: string): Promise<never> => {
      const status = secrets.oauth?.tokens ? 'authorization_lapsed' : 'authorization_required';
      await this.servers.markStatus(server.workspaceId, server.id, status, message);
      throw new McpUnavailableError(message, 'unauthorized');
    };
    const refreshed = async (force: boolean) => {
      if (!oauth || !this.oauth.needsRefresh(secrets.oauth, force)) return;
      // One refresh per server at a time in this process: refresh tokens may be single-use (rotated).
      let flight = this.refreshing.get(server.id);
      if (!flight) {
        const current = secrets;
        flight = (async () => {
          const next = { ...current, oauth: await this.oauth.refresh(current.oauth!) };
          server.secretsSealed = this.secrets.seal(next);
          await this.servers.updateSecrets(server.workspaceId, server.id, server.secretsSealed);
          return next;
        })().finally(() => this.refreshing.delete(server.id));
        this.refreshing.set(server.id, flight);
      }
      try {
        secrets = await flight;
      } catch (error) {
        await lapse(`the OAuth token could not be refreshed: ${messageOf(error)}`);
      }
    };
    if (oauth && !secrets.oauth?.tokens) await lapse('the server requires OAuth and is not authorized: POST oauth/start');
    await refreshed(false);
    for (let attempt = 0; ; attempt++) {
      try {
        return await work(this.endpointFrom(server, secrets));
      } catch (error) {
        if (!(error instanceof McpUnavailableError)) throw error;
        if (error.kind === 'unauthorized' && oauth) {
          if (attempt === 0 && secrets.oauth?.tokens?.refreshToken) {
            await refreshed(true);
            continue;
          }
          await lapse(error.message);
        }
        throw error;
      }
    }
  }

  private endpointFrom(server: McpServer, secrets: McpSecrets): McpEndpoint {
    return { url: server.url, headers: headersOf(secrets), transport: server.transport ?? null };
  }
}

export function headersOf(secrets: McpSecrets): Record<string, string> {
  const token = secrets.oauth?.tokens?.accessToken ?? secrets.bearerToken;
  return token ? { ...secrets.headers, Authorization: `Bearer ${token}` } : { ...secrets.headers };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
