import { RobotsRules } from './robots';

const url = (path: string) => new URL(`https://shop.example${path}`);

/** Examples of RFC 9309 (§2.2.2, §5.1) and its precedence rules. */
describe('robots.txt (RFC 9309)', () => {
  it('the longest match decides; allow wins a tie; * and $ are patterns', () => {
    const rules = RobotsRules.parse(
      [
        'User-Agent: *',
        'Disallow: *.gif$',
        'Disallow: /example/',
        'Allow: /publications/',
        '',
        'Sitemap: https://shop.example/sitemap.xml',
      ].join('\n'),
    );
    expect(rules.allows(url('/example/page.html'))).toBe(false);
    expect(rules.allows(url('/publications/a.html'))).toBe(true);
    expect(rules.allows(url('/img/a.gif'))).toBe(false);
    expect(rules.allows(url('/img/a.gif?x'))).toBe(true);
    expect(rules.allows(url('/robots.txt'))).toBe(true);
    expect(rules.sitemaps).toEqual(['https://shop.example/sitemap.xml']);
    const tie = RobotsRules.parse('user-agent: *\nallow: /page\ndisallow: /page\n');
    expect(tie.allows(url('/page'))).toBe(true);
  });

  it('a group naming this crawler replaces the * groups; groups of one agent merge; comments are ignored', () => {
    const rules = RobotsRules.parse(
      [
        'User-agent: *',
        'Disallow: /',
        '',
        'User-agent: PlaticaBot # us',
        'Disallow: /private',
        '',
        'User-agent: platicabot',
        'Disallow: /tmp',
      ].join('\n'),
    );
    expect(rules.allows(url('/docs'))).toBe(true);
    expect(rules.allows(url('/private/x'))).toBe(false);
    expect(rules.allows(url('/tmp/x'))).toBe(false);
  });

  it('an empty Disallow allows everything; an unreachable robots.txt disallows everything but itself', () => {
    expect(RobotsRules.parse('User-agent: *\nDisallow:\n').allows(url('/x'))).toBe(true);
    expect(RobotsRules.unreachable().allows(url('/x'))).toBe(false);
    expect(RobotsRules.allowAll().allows(url('/x'))).toBe(true);
  });
});
