const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS rebinding protection for `/mcp` (MCP transports › Security warning): a page on a hostile
 * site can reach a server by name once that name resolves to the server's address, and its
 * requests then carry the hostile name in `Host` and the hostile site in `Origin`. A request is
 * accepted when its `Host` names the public URL (or an allowed origin), and its `Origin`, when
 * it sends one (browsers do; MCP clients outside a browser need not), is the public URL's or an
 * allowed origin. A loopback public URL (`scripts/up`'s) accepts every loopback name for its port.
 */
export class McpOriginPolicy {
  private readonly origins: Set<string>;
  private readonly hosts: Set<string>;

  constructor(publicUrl: string, allowedOrigins: readonly string[]) {
    const urls = [new URL(publicUrl), ...allowedOrigins.map((origin) => new URL(origin))];
    this.origins = new Set(urls.flatMap((url) => loopbackAliases(url).map((alias) => alias.origin)));
    this.hosts = new Set(urls.flatMap((url) => loopbackAliases(url).map((alias) => alias.host)));
  }

  /** Why the request is refused, or null when it is accepted. */
  refusal(headers: { host?: string; origin?: string }): string | null {
    const host = headers.host?.toLowerCase();
    if (!host || !this.hosts.has(host)) return `Host ${JSON.stringify(headers.host ?? '')} is not this server's`;
    if (headers.origin !== undefined && !this.origins.has(headers.origin.toLowerCase())) {
      return `Origin ${JSON.stringify(headers.origin)} is not allowed`;
    }
    return null;
  }
}

/** The URL itself, and the same port under every loopback name when it names a loopback host. */
function loopbackAliases(url: URL): URL[] {
  if (!LOOPBACK_NAMES.has(url.hostname)) return [url];
  return [...LOOPBACK_NAMES].map((name) => {
    const alias = new URL(url.origin);
    alias.hostname = name;
    return alias;
  });
}
