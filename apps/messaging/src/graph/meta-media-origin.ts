/**
 * Where a media's bytes may be fetched from. The URL is in Graph's answer (WhatsApp's Retrieve
 * Media URL) or in a webhook's payload (a Messenger or Instagram attachment), not in our
 * configuration: followed blindly, a forged or compromised answer could point Plática, and the
 * channel's token, at any host. Only Graph's own origin (META_GRAPH_BASE_URL) and Meta's
 * media hosts over https are followed: lookaside.fbsbx.com and lookaside.facebook.com (WhatsApp
 * and Instagram), *.fbcdn.net (Messenger) and *.cdninstagram.com (Instagram).
 */
const META_MEDIA_HOSTS = ['lookaside.fbsbx.com', 'lookaside.facebook.com'];
const META_MEDIA_DOMAINS = ['.fbcdn.net', '.cdninstagram.com'];

/** Why `text` is not a URL Plática fetches media from, or null when it is. */
export function mediaUrlProblem(text: string, graphBaseUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a valid URL';
  }
  if (url.username || url.password) return 'carries credentials';
  if (url.origin === new URL(graphBaseUrl).origin) return null;
  if (url.protocol !== 'https:') return "is neither on the Graph API's origin nor https";
  const host = url.hostname.toLowerCase();
  if (META_MEDIA_HOSTS.includes(host) || META_MEDIA_DOMAINS.some((domain) => host.endsWith(domain))) return null;
  return "is on a host that is not Meta's";
}
