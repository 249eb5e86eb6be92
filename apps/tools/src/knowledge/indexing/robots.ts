/** The product token the crawler matches robots.txt groups by (RFC 9309 §2.2.1), and sends in its User-Agent. */
export const CRAWLER_TOKEN = 'PlaticaBot';
export const CRAWLER_USER_AGENT = `${CRAWLER_TOKEN}/1.0 (+https://github.com/platica; knowledge base crawler)`;

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

/** A site's robots.txt as it applies to this crawler (RFC 9309), and the sitemaps it names. */
export class RobotsRules {
  private constructor(
    private readonly rules: Rule[],
    /** `Sitemap:` lines (not part of any group). */
    readonly sitemaps: string[],
    private readonly disallowAll = false,
  ) {}

  /** 4xx (RFC 9309 §2.3.1.3 "unavailable"): crawl anything. */
  static allowAll(): RobotsRules {
    return new RobotsRules([], []);
  }

  /** 5xx or unreachable (§2.3.1.4): assume complete disallow. */
  static unreachable(): RobotsRules {
    return new RobotsRules([], [], true);
  }

  /**
   * The groups whose user-agent matches CRAWLER_TOKEN (case-insensitively), merged; else the
   * `*` groups. Lines are `key: value # comment`; unknown keys are ignored.
   */
  static parse(text: string): RobotsRules {
    const ours: Rule[] = [];
    const anyone: Rule[] = [];
    const sitemaps: string[] = [];
    let agents: string[] = [];
    let inRules = false;
    let matchedOurs = false;
    for (const raw of text.split(/\r\n|\r|\n/)) {
      const line = raw.replace(/#.*$/, '').trim();
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const key = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'sitemap') {
        if (value) sitemaps.push(value);
      } else if (key === 'user-agent') {
        if (inRules) agents = [];
        inRules = false;
        agents.push(value.toLowerCase());
      } else if (key === 'allow' || key === 'disallow') {
        inRules = true;
        if (!value && key === 'disallow') continue; // an empty disallow allows everything
        const rule = { allow: key === 'allow', pattern: value, regex: patternRegex(value) };
        if (agents.includes(CRAWLER_TOKEN.toLowerCase())) {
          matchedOurs = true;
          ours.push(rule);
        } else if (agents.includes('*')) anyone.push(rule);
      }
    }
    return new RobotsRules(matchedOurs ? ours : anyone, sitemaps);
  }

  /** The longest matching rule decides; allow wins a tie (§2.2.2). `/robots.txt` is always allowed. */
  allows(url: URL): boolean {
    const target = `${url.pathname}${url.search}`;
    if (url.pathname === '/robots.txt') return true;
    if (this.disallowAll) return false;
    let best: Rule | null = null;
    for (const rule of this.rules) {
      if (!rule.regex.test(target)) continue;
      if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
    }
    return best?.allow ?? true;
  }
}

/** `*` matches any run of characters, a final `$` anchors the end; the rest matches literally from the path's start. */
function patternRegex(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => normalisePath(part).replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Percent-encodes what a URL's path would (RFC 9309 §2.2.2: compare in the same encoding), keeping existing escapes. */
function normalisePath(part: string): string {
  return part.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/g, (char) => encodeURIComponent(char));
}
