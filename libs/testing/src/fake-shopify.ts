import { SHOPIFY_COST, SHOPIFY_ORDERS, SHOPIFY_UNAUTHORIZED } from './fixtures/shopify-admin';
import { HttpTarget, type TargetRequest } from './http-target';

/**
 * Shopify's GraphQL Admin API on loopback (INTEGRATIONS_SHOPIFY_BASE_URL), speaking its wire
 * protocol: `POST /admin/api/<version>/graphql.json` with `X-Shopify-Access-Token`, a GraphQL
 * `orders(query:)` with Shopify's search syntax (`name:#1001`, `email:"…"`), answers from the
 * fixtures (libs/testing/src/fixtures/shopify-admin.ts, with their sources).
 */
export class FakeShopify {
  private constructor(
    private readonly target: HttpTarget,
    readonly accessToken: string,
  ) {}

  static async start(accessToken: string): Promise<FakeShopify> {
    let fake: FakeShopify | null = null;
    const target = await HttpTarget.start((request) => fake!.answer(request));
    fake = new FakeShopify(target, accessToken);
    return fake;
  }

  get url(): string {
    return this.target.url;
  }

  /** Every GraphQL request received: its path, its access token, its query and variables. */
  get requests(): { path: string; token: string | undefined; query: string; variables: Record<string, unknown> }[] {
    return this.target.requests.map((r) => {
      const body = (r.json ?? {}) as { query?: string; variables?: Record<string, unknown> };
      return {
        path: r.path,
        token: r.headers['x-shopify-access-token'] as string | undefined,
        query: body.query ?? '',
        variables: body.variables ?? {},
      };
    });
  }

  stop(): Promise<void> {
    return this.target.stop();
  }

  private answer(request: TargetRequest) {
    if (request.method !== 'POST' || !/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(request.path))
      return { status: 404, body: { errors: 'Not Found' } };
    if (request.headers['x-shopify-access-token'] !== this.accessToken) return { status: 401, body: SHOPIFY_UNAUTHORIZED };
    const body = request.json as { query?: string; variables?: { query?: string } } | null;
    if (!body?.query?.includes('orders('))
      return { body: { errors: [{ message: 'Field must have selections', extensions: { code: 'undefinedField' } }] } };
    const filter = body.variables?.query ?? '';
    const byName = /^name:#?(\d+)$/.exec(filter);
    const byEmail = /^email:"([^"]+)"$/.exec(filter);
    const nodes = SHOPIFY_ORDERS.filter((order) =>
      byName ? order.name === `#${byName[1]}` : byEmail ? order.email === byEmail[1] : true,
    ).sort((a, b) => b.processedAt.localeCompare(a.processedAt));
    return { body: { data: { orders: { nodes } }, extensions: SHOPIFY_COST } };
  }
}
