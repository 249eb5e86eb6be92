import { request, type Dispatcher } from 'undici';
import { describeOutboundError, httpUrlProblem } from '@platica/platform';
import { CRAWLER_USER_AGENT } from './robots';

/** A page could not be fetched, or was refused: the page's (or the source's) `error`. */
export class PageProblem extends Error {}

export interface FetchedPage {
  /** Where the content came from, after redirects. */
  url: URL;
  status: number;
  contentType: string;
  body: Buffer;
}

export interface PageFetchLimits {
  timeoutMs: number;
  maxBytes: number;
  allowPrivateNetworks: boolean;
}

const MAX_REDIRECTS = 5;

/**
 * GET of one URL for the crawler: every URL, the first and each redirect's `Location`, passes the
 * SSRF policy before it is requested (and the dispatcher checks the address it dials); redirects
 * are followed by hand, at most five, and only within `origin` when one is given. The body is
 * read up to `maxBytes`.
 */
export async function fetchPage(dispatcher: Dispatcher, start: URL, limits: PageFetchLimits, origin: string | null): Promise<FetchedPage> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const problem = httpUrlProblem(url.href, { allowPrivateNetworks: limits.allowPrivateNetworks });
    if (problem) {
      throw new PageProblem(hop ? `${start.href} redirects to ${url.href}, which ${problem}: refused` : `${url.href}: the URL ${problem}`);
    }
    if (origin && url.origin !== origin) throw new PageProblem(`${start.href} redirects to ${url.href}, outside ${origin}: not followed`);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(url, {
        dispatcher,
        method: 'GET',
        headers: { 'user-agent': CRAWLER_USER_AGENT, accept: 'text/html,application/xhtml+xml,application/xml,text/plain;q=0.9,*/*;q=0.5' },
        signal: AbortSignal.timeout(limits.timeoutMs),
        headersTimeout: limits.timeoutMs,
        bodyTimeout: limits.timeoutMs,
      });
    } catch (error) {
      throw new PageProblem(`${url.href}: ${describeOutboundError(error, limits.timeoutMs)}`);
    }
    const location = header(answer.headers.location);
    if (answer.statusCode >= 300 && answer.statusCode < 400 && location) {
      await answer.body.dump();
      if (hop === MAX_REDIRECTS) throw new PageProblem(`${start.href}: more than ${MAX_REDIRECTS} redirects`);
      try {
        url = new URL(location, url);
      } catch {
        throw new PageProblem(`${url.href} redirects to an invalid URL`);
      }
      continue;
    }
    const body = await readCapped(answer, limits.maxBytes, url);
    return { url, status: answer.statusCode, contentType: header(answer.headers['content-type']) ?? '', body };
  }
}

async function readCapped(answer: Dispatcher.ResponseData, maxBytes: number, url: URL): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        answer.body.destroy();
        throw new PageProblem(`${url.href} is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof PageProblem) throw error;
    throw new PageProblem(`${url.href}: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks);
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `<loc>`s of a sitemap or of a sitemap index (sitemaps.org protocol); `nested` tells them apart. */
export function sitemapLocations(xml: string): { urls: string[]; nested: string[] } {
  const locations = (tag: string) =>
    [...xml.matchAll(new RegExp(`<${tag}[^>]*>[\\s\\S]*?<loc>\\s*([^<\\s]+)\\s*</loc>`, 'gi'))].map((match) => decodeXml(match[1]!));
  return { urls: locations('url'), nested: locations('sitemap') };
}

function decodeXml(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

/** A link as the crawler keeps it: absolute, http(s), without its fragment; null for anything else (mailto:, javascript:, …). */
export function normaliseLink(href: string, base: URL): URL | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url;
}
