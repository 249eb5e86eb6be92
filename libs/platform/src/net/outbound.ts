import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, errors } from 'undici';
import { isPublicAddress, nonPublicReason } from './address-policy';

/**
 * Outbound calls to user-supplied URLs (webhooks, custom APIs, MCP servers, attachments):
 * http(s) only, and never to private, loopback, link-local, CGNAT, multicast or unspecified
 * addresses unless PLATICA_ALLOW_PRIVATE_NETWORKS=true (ARCHITECTURE.md › Local run and test
 * contract). `assertPublicHttpUrl` checks a URL when it is saved; the dispatcher checks the
 * address actually dialled, after DNS, on every connection, so a name that later resolves
 * to an internal address (DNS rebinding) is refused too.
 */
export interface OutboundPolicy {
  allowPrivateNetworks: boolean;
}

export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|internal|local)\.?$/i;

/** The problem with `text` as a URL to call (not http(s), an internal address or name), or null. Synchronous: no DNS. */
export function httpUrlProblem(text: string, policy: OutboundPolicy): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (!url.hostname) return 'has no host';
  if (policy.allowPrivateNetworks) return null;
  const host = bareHost(url.hostname);
  if (isIP(host)) {
    const reason = nonPublicReason(host);
    return reason ? `points at a non-public address (${reason})` : null;
  }
  if (LOCAL_NAMES.test(host) || !host.includes('.')) return 'points at a local host name';
  return null;
}

/**
 * Throws UnsafeUrlError unless `text` is an http(s) URL whose host is public: an IP literal
 * is judged directly, a name by what it resolves to now (a name that does not resolve yet is
 * accepted; the dispatcher checks again at connect time).
 */
export async function assertPublicHttpUrl(text: string, policy: OutboundPolicy): Promise<URL> {
  const problem = httpUrlProblem(text, policy);
  if (problem) throw new UnsafeUrlError(problem);
  const url = new URL(text);
  const host = bareHost(url.hostname);
  if (policy.allowPrivateNetworks || isIP(host)) return url;
  const addresses = await new Promise<{ address: string }[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  const internal = addresses.find((a) => !isPublicAddress(a.address));
  if (internal) throw new UnsafeUrlError(`resolves to a non-public address (${internal.address}: ${nonPublicReason(internal.address)})`);
  return url;
}

/** A DNS lookup for sockets that never yields a non-public address (unless the policy allows them). */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 4);
      const usable = policy.allowPrivateNetworks ? found : found.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0) {
        const refused = found.map((a) => `${a.address} (${nonPublicReason(a.address)})`).join(', ');
        return callback(
          Object.assign(new UnsafeUrlError(`${hostname} resolves only to non-public addresses: ${refused}`), { code: 'EUNSAFEADDRESS' }),
          '',
          4,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/**
 * An undici dispatcher (for `request(url, {dispatcher})` or undici's `fetch`) that enforces
 * the policy on every connection it opens: IP literals before dialling, names after DNS.
 */
export function createOutboundDispatcher(policy: OutboundPolicy, options: Agent.Options = {}): Agent {
  const connector = buildConnector({ lookup: guardedLookup(policy), timeout: 10_000 });
  return new Agent({
    ...options,
    connect: (connectOptions, callback) => {
      const host = bareHost(connectOptions.hostname);
      if (!policy.allowPrivateNetworks && isIP(host) && !isPublicAddress(host)) {
        callback(new UnsafeUrlError(`${host} is a non-public address (${nonPublicReason(host)})`), null);
        return;
      }
      connector(connectOptions, callback);
    },
  });
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** What went wrong with an outbound call, in one sentence: a timeout named as such, the error code kept. */
export function describeOutboundError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (
      error.name === 'TimeoutError' ||
      error.name === 'AbortError' ||
      error instanceof errors.HeadersTimeoutError ||
      error instanceof errors.BodyTimeoutError
    ) {
      return `no answer within ${timeoutMs} ms`;
    }
    const cause = (error as { cause?: unknown }).cause;
    const code = (error as { code?: string }).code ?? (cause as { code?: string } | undefined)?.code;
    const message = error.message || String(cause);
    return code && !message.includes(code) ? `${code}: ${message}` : message;
  }
  return String(error);
}
