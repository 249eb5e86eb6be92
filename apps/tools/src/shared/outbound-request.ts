import { request, type Dispatcher } from 'undici';
import { describeOutboundError, httpUrlProblem } from '@platica/platform';

/** A request to a remote API, as it goes out. */
export interface OutboundCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A remote API's answer, read whole (within the read cap). */
export interface RemoteAnswer {
  status: number;
  contentType: string | undefined;
  text: string;
}

/** The remote could not be reached, did not answer in time, or answered too much. */
export class NetworkProblem extends Error {}

export interface OutboundLimits {
  timeoutMs: number;
  /** The most the answer may weigh (TOOLS_RESPONSE_READ_LIMIT_BYTES). */
  readLimitBytes: number;
  allowPrivateNetworks: boolean;
}

/**
 * One call of a remote API by custom APIs and integrations alike: the URL checked by the SSRF
 * policy (the dispatcher checks the address dialled after DNS), bounded by `timeoutMs` from
 * start to the end of the answer and by the read cap. Redirects are not followed.
 */
export async function sendOutbound(dispatcher: Dispatcher, call: OutboundCall, limits: OutboundLimits): Promise<RemoteAnswer> {
  const problem = httpUrlProblem(call.url, { allowPrivateNetworks: limits.allowPrivateNetworks });
  if (problem) throw new NetworkProblem(`refused to call ${new URL(call.url).host}: the URL ${problem}`);
  const { timeoutMs, readLimitBytes: limit } = limits;
  try {
    const answer = await request(call.url, {
      dispatcher,
      method: call.method as Dispatcher.HttpMethod,
      headers: { 'user-agent': 'Platica-Tools/1.0', ...call.headers },
      body: call.body,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        answer.body.destroy();
        throw new NetworkProblem(`the answer is larger than ${limit} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    const contentType = answer.headers['content-type'];
    return {
      status: answer.statusCode,
      contentType: Array.isArray(contentType) ? contentType[0] : contentType,
      text: Buffer.concat(chunks).toString('utf8'),
    };
  } catch (error) {
    throw error instanceof NetworkProblem ? error : new NetworkProblem(describeOutboundError(error, timeoutMs));
  }
}
