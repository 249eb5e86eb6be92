import { Injectable, Logger } from '@nestjs/common';
import { CUSTOM_API_LIMITS, type RuntimeExecuteRequest, type RuntimeExecuteResult, type TestOutcome } from '@platica/contracts';
import type { CatalogTool } from '../catalog/catalog-tool.entity';
import { ToolsConfigService } from '../config/tools.config';
import { parseBody } from '../custom-apis/response-trim';
import { capBytes } from '../shared/byte-cap';
import { NetworkProblem } from '../shared/outbound-request';
import type { IntegrationInstallation } from './installation.entity';
import { InstallationRepository } from './installation.repository';
import { AuthorizationRefused, IntegrationOauth } from './integration-oauth';
import { IntegrationSecretBox, type IntegrationSecrets } from './integration-secrets';
import { providerOf } from './providers';
import { ProviderProblem, type IntegrationProvider, type ProviderApi, type ProviderTool } from './providers/provider';
import { OutboundHttp } from '../shared/outbound-http';

/** One tool call's time limit, every request to the provider (and a token refresh) included. */
export const INTEGRATION_CALL_TIMEOUT_MS = 30_000;

interface SentRequest {
  method: string;
  url: string;
  status: number | null;
}

/** The provider answered 401: its credentials were refused. */
class CredentialsRefused extends ProviderProblem {}

/**
 * The run of one integration tool call in a turn (docs/tools.md › Integrations): the arguments
 * checked against the tool's schema, the installation's credentials (an OAuth token refreshed
 * when it is about to expire, or once when the provider refuses it), the provider's API called
 * only at its own origin through the guarded dispatcher within the call's time limit, the answer
 * capped, and the run recorded. Never throws: whatever goes wrong is the model's to read.
 */
@Injectable()
export class IntegrationToolCalls {
  private readonly logger = new Logger('integration-tool-calls');

  constructor(
    private readonly installations: InstallationRepository,
    private readonly secrets: IntegrationSecretBox,
    private readonly oauth: IntegrationOauth,
    private readonly http: OutboundHttp,
    private readonly config: ToolsConfigService,
  ) {}

  async run(entry: CatalogTool, installation: IntegrationInstallation | null, call: RuntimeExecuteRequest): Promise<RuntimeExecuteResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const failed = (outcome: TestOutcome, error: string, httpStatus: number | null = null, response: unknown = null) => ({
      ok: false,
      outcome,
      httpStatus,
      durationMs: took(),
      output: response === null ? { error } : { error, httpStatus, response: capBytes(response, CUSTOM_API_LIMITS.maxBytesDefault) },
    });
    const provider = installation && providerOf(installation.providerId);
    const tool = provider?.tools.find((t) => t.name === entry.providerToolName);
    if (!installation || !provider || !tool) return failed('mapping-error', 'this tool is not available now');
    if (installation.status !== 'active') {
      return failed(
        'network-error',
        `the ${provider.name} integration is not authorized (${installation.status}): a workspace admin must authorize it again`,
      );
    }
    const args = tool.input.safeParse(call.arguments);
    if (!args.success) {
      return failed(
        'schema-error',
        `invalid arguments: ${args.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ')}`,
      );
    }

    const deadline = Date.now() + INTEGRATION_CALL_TIMEOUT_MS;
    const sent: SentRequest[] = [];
    let result: RuntimeExecuteResult;
    try {
      let headers = await this.credentialsOf(installation, provider, false);
      let output: unknown;
      try {
        output = await this.attempt(provider, tool, installation, headers, args.data, deadline, sent);
      } catch (error) {
        // An access token revoked or expired early: refreshed once, and the call made again.
        if (!(error instanceof CredentialsRefused && provider.auth.type === 'oauth2')) throw error;
        headers = await this.credentialsOf(installation, provider, true);
        output = await this.attempt(provider, tool, installation, headers, args.data, deadline, sent);
      }
      result = { ok: true, outcome: 'success', httpStatus: sent.at(-1)?.status ?? null, durationMs: took(), output: capped(output) };
    } catch (error) {
      if (error instanceof ProviderProblem) result = failed(error.outcome, error.message, error.httpStatus, error.response);
      else if (error instanceof AuthorizationRefused)
        result = failed('http-error', `${provider.name} refused the authorization: ${error.message}`);
      else if (error instanceof NetworkProblem) result = failed('network-error', `${provider.name} could not be reached: ${error.message}`);
      else {
        this.logger.error({ msg: 'an integration tool failed', providerId: provider.id, tool: tool.name, error: String(error) });
        result = failed('mapping-error', `the ${provider.name} tool failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // The model need not wait for the log: the run is recorded after the answer is on its way.
    this.installations
      .recordRun({
        workspaceId: installation.workspaceId,
        installationId: installation.id,
        providerToolName: tool.name,
        outcome: result.outcome,
        httpStatus: result.httpStatus,
        durationMs: result.durationMs,
        requests: sent,
        error: result.ok ? null : JSON.stringify(result.output).slice(0, 2_000),
        agentId: call.agentId,
        conversationId: call.conversationRef ?? call.context.conversationId ?? null,
        toolCallId: call.toolCallId,
      })
      .catch((error: unknown) =>
        this.logger.error({ msg: 'an integration call was not recorded', toolCallId: call.toolCallId, error: String(error) }),
      );
    return result;
  }

  private attempt(
    provider: IntegrationProvider,
    tool: ProviderTool,
    installation: IntegrationInstallation,
    headers: Record<string, string>,
    args: unknown,
    deadline: number,
    sent: SentRequest[],
  ): Promise<unknown> {
    const base = provider.baseUrl(installation.settings, this.config.values).replace(/\/+$/, '');
    const api: ProviderApi = {
      request: async (method, path, options = {}) => {
        const url = new URL(`${base}${path}`);
        // Credentials are bound to the provider's origin: a path never takes them elsewhere.
        if (url.origin !== new URL(base).origin)
          throw new ProviderProblem('mapping-error', `refused to call ${url.origin}: not ${provider.name}'s API`);
        for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
        const record: SentRequest = { method, url: url.toString(), status: null };
        sent.push(record);
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new NetworkProblem(`no answer within ${INTEGRATION_CALL_TIMEOUT_MS} ms`);
        const answer = await this.http.send(
          {
            method,
            url: url.toString(),
            headers: {
              accept: 'application/json',
              ...headers,
              ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: options.json === undefined ? undefined : JSON.stringify(options.json),
          },
          remaining,
        );
        record.status = answer.status;
        const body = answer.text ? parseBody(answer.text, answer.contentType) : null;
        if (answer.status === 401) throw new CredentialsRefused('http-error', `${provider.name} refused the credentials (401)`, 401, body);
        if (answer.status < 200 || answer.status >= 300) {
          throw new ProviderProblem('http-error', `${provider.name} answered ${answer.status}`, answer.status, body);
        }
        return body;
      },
    };
    return tool.run(api, args as never, settingsOf(provider, installation.settings));
  }

  /** The headers carrying the installation's credentials; an OAuth token refreshed first when due (or when `force`). */
  private async credentialsOf(
    installation: IntegrationInstallation,
    provider: IntegrationProvider,
    force: boolean,
  ): Promise<Record<string, string>> {
    const secrets = this.secrets.open(installation.secretsSealed);
    if (provider.auth.type === 'api_key') return provider.auth.headers(secrets.apiKey ?? '');
    let tokens = secrets.oauth?.tokens;
    const endpoints = provider.auth.endpoints(this.config.values);
    if (!tokens || !endpoints) throw new AuthorizationRefused('the installation holds no authorization');
    if (force || this.oauth.needsRefresh(tokens)) {
      try {
        tokens = await this.oauth.refresh(endpoints, tokens);
      } catch (error) {
        if (error instanceof AuthorizationRefused) {
          // Shown on the installation until someone authorizes again.
          await this.installations.update(installation.workspaceId, installation.id, {
            status: 'authorization_lapsed',
            lastError: error.message,
          });
        }
        throw error;
      }
      const sealed = this.secrets.seal({ ...secrets, oauth: { ...secrets.oauth, tokens } } satisfies IntegrationSecrets);
      await this.installations.update(installation.workspaceId, installation.id, {
        secretsSealed: sealed,
        authorizationExpiresAt: tokens.expiresAt === null ? null : new Date(tokens.expiresAt),
        lastError: null,
      });
      installation.secretsSealed = sealed;
    }
    return { authorization: `Bearer ${tokens.accessToken}` };
  }
}

/** The installation's settings with the provider's defaults for those it left out. */
export function settingsOf(provider: IntegrationProvider, settings: Record<string, string>): Record<string, string> {
  const defaults = Object.fromEntries(provider.settings.flatMap((s) => (s.default === undefined ? [] : [[s.key, s.default]])));
  return { ...defaults, ...settings };
}

/** An answer over the cap: cut as custom API responses are, and the model told so. */
function capped(output: unknown): unknown {
  const max = CUSTOM_API_LIMITS.maxBytesDefault;
  const cut = capBytes(output, max);
  return cut === output ? output : { truncated: `the answer was longer than ${max} bytes; only its first ${max} are here`, result: cut };
}
