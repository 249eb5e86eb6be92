import { MockAgent } from 'undici';
import { fetchPage, normaliseLink, PageProblem, sitemapLocations } from './page-fetcher';

/**
 * The crawler's fetch with the SSRF guard on (PLATICA_ALLOW_PRIVATE_NETWORKS=false): a public
 * site (answered by undici's MockAgent, so nothing leaves the machine) whose page redirects to a
 * private address is refused before that address is asked, and so is a redirect off the site.
 */
describe('fetchPage', () => {
  const guarded = { timeoutMs: 2_000, maxBytes: 1_000, allowPrivateNetworks: false };
  let agent: MockAgent;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
  });
  afterEach(async () => {
    await agent.close();
  });

  it('refuses a redirect to a private address, naming it', async () => {
    agent
      .get('https://shop.example')
      .intercept({ path: '/faq' })
      .reply(302, '', { headers: { location: 'http://10.0.0.7/admin' } });
    await expect(fetchPage(agent, new URL('https://shop.example/faq'), guarded, 'https://shop.example')).rejects.toThrow(
      new PageProblem(
        'https://shop.example/faq redirects to http://10.0.0.7/admin, which points at a non-public address (private): refused',
      ),
    );
    agent
      .get('https://shop.example')
      .intercept({ path: '/meta' })
      .reply(301, '', { headers: { location: 'http://169.254.169.254/latest/meta-data' } });
    await expect(fetchPage(agent, new URL('https://shop.example/meta'), guarded, null)).rejects.toThrow(/169\.254\.169\.254.*non-public/);
  });

  it('refuses a private start URL and a local name before any request', async () => {
    await expect(fetchPage(agent, new URL('http://127.0.0.1:8080/'), guarded, null)).rejects.toThrow(/non-public address/);
    await expect(fetchPage(agent, new URL('http://intranet/'), guarded, null)).rejects.toThrow(/local host name/);
  });

  it('follows a redirect within the site, not off it; bounds the body', async () => {
    const site = agent.get('https://shop.example');
    site.intercept({ path: '/old' }).reply(301, '', { headers: { location: '/new' } });
    site.intercept({ path: '/new' }).reply(200, '<h1>New</h1>', { headers: { 'content-type': 'text/html' } });
    const page = await fetchPage(agent, new URL('https://shop.example/old'), guarded, 'https://shop.example');
    expect(page).toMatchObject({ status: 200, contentType: 'text/html' });
    expect(page.url.href).toBe('https://shop.example/new');
    site.intercept({ path: '/out' }).reply(302, '', { headers: { location: 'https://elsewhere.example/' } });
    await expect(fetchPage(agent, new URL('https://shop.example/out'), guarded, 'https://shop.example')).rejects.toThrow(
      /outside https:\/\/shop\.example/,
    );
    site.intercept({ path: '/big' }).reply(200, 'x'.repeat(5_000));
    await expect(fetchPage(agent, new URL('https://shop.example/big'), guarded, null)).rejects.toThrow(/larger than 1000 bytes/);
  });

  it('reads sitemaps and sitemap indexes; keeps http(s) links without fragments', () => {
    expect(
      sitemapLocations('<urlset><url><loc>https://a.example/x?a=1&amp;b=2</loc></url><url><loc> https://a.example/y </loc></url></urlset>'),
    ).toEqual({ urls: ['https://a.example/x?a=1&b=2', 'https://a.example/y'], nested: [] });
    expect(sitemapLocations('<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>').nested).toEqual([
      'https://a.example/s1.xml',
    ]);
    const base = new URL('https://a.example/docs/');
    expect(normaliseLink('intro.html#top', base)?.href).toBe('https://a.example/docs/intro.html');
    expect(normaliseLink('mailto:x@a.example', base)).toBeNull();
    expect(normaliseLink('javascript:void(0)', base)).toBeNull();
  });
});
