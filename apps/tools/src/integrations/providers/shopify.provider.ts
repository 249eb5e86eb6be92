import { z } from 'zod';
import { badgeIcon, providerTool, ProviderProblem, type IntegrationProvider, type ProviderApi } from './provider';

/** The Admin API version called (Shopify supports each for a year: move it forward with the fixtures). */
export const SHOPIFY_API_VERSION = '2025-01';
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/**
 * Shopify's GraphQL Admin API (https://shopify.dev/docs/api/admin-graphql), with a custom app's
 * Admin API access token (`X-Shopify-Access-Token`, scope `read_orders`). The store a customer
 * asks about: an order by its number or the customer's email, its fulfilments and tracking.
 */
export const shopifyProvider: IntegrationProvider = {
  id: 'shopify',
  name: 'Shopify',
  description: "Look up a store's orders by number or customer email: payment, fulfilment and tracking.",
  icon: badgeIcon('S', '#008060'),
  auth: { type: 'api_key', headers: (token) => ({ 'x-shopify-access-token': token }) },
  settings: [
    {
      key: 'shopDomain',
      label: 'Shop domain',
      description: "The store's myshopify.com domain",
      required: true,
      example: 'acme.myshopify.com',
    },
  ],
  settingsProblems: (settings) =>
    SHOP_DOMAIN.test(settings.shopDomain ?? '') ? [] : [{ path: ['settings', 'shopDomain'], message: 'a <store>.myshopify.com domain' }],
  baseUrl: (settings, config) => config.INTEGRATIONS_SHOPIFY_BASE_URL ?? `https://${settings.shopDomain}`,
  tools: [
    providerTool({
      name: 'find_orders',
      description:
        "Finds the store's orders by order number (such as 1001 or #1001) or by the customer's email, newest first, with their payment status, fulfilment status, items, shipments and tracking numbers and links.",
      input: z
        .object({
          orderNumber: z.string().max(50).optional().describe('The order number, with or without #'),
          email: z.string().max(320).optional().describe("The customer's email"),
        })
        .refine((args) => args.orderNumber || args.email, { message: 'give orderNumber or email' }),
      run: async (api, args) => {
        const filter = args.orderNumber ? `name:#${args.orderNumber.replace(/^#/, '')}` : `email:"${args.email!.replace(/"/g, '')}"`;
        const data = (await graphql(api, FIND_ORDERS, { query: filter })) as { orders: { nodes: ShopifyOrder[] } };
        return { orders: data.orders.nodes.map(orderView) };
      },
    }),
  ],
};

const FIND_ORDERS = `query FindOrders($query: String!) {
  orders(first: 5, query: $query, sortKey: PROCESSED_AT, reverse: true) {
    nodes {
      name
      email
      processedAt
      cancelledAt
      displayFinancialStatus
      displayFulfillmentStatus
      totalPriceSet { shopMoney { amount currencyCode } }
      lineItems(first: 20) { nodes { title quantity } }
      fulfillments(first: 10) {
        status
        displayStatus
        estimatedDeliveryAt
        deliveredAt
        trackingInfo(first: 5) { company number url }
      }
    }
  }
}`;

interface ShopifyOrder {
  name: string;
  email: string | null;
  processedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  lineItems: { nodes: { title: string; quantity: number }[] };
  fulfillments: {
    status: string;
    displayStatus: string | null;
    estimatedDeliveryAt: string | null;
    deliveredAt: string | null;
    trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  }[];
}

/** What the model reads of an order: its words, not Shopify's schema. */
function orderView(order: ShopifyOrder) {
  return {
    orderNumber: order.name,
    email: order.email,
    placedAt: order.processedAt,
    cancelled: order.cancelledAt !== null,
    paymentStatus: order.displayFinancialStatus,
    fulfillmentStatus: order.displayFulfillmentStatus,
    total: `${order.totalPriceSet.shopMoney.amount} ${order.totalPriceSet.shopMoney.currencyCode}`,
    items: order.lineItems.nodes.map((item) => ({ title: item.title, quantity: item.quantity })),
    shipments: order.fulfillments.map((fulfillment) => ({
      status: fulfillment.displayStatus ?? fulfillment.status,
      estimatedDeliveryAt: fulfillment.estimatedDeliveryAt,
      deliveredAt: fulfillment.deliveredAt,
      tracking: fulfillment.trackingInfo.map((info) => ({ carrier: info.company, number: info.number, url: info.url })),
    })),
  };
}

/** A GraphQL Admin API call: errors come back with HTTP 200 in `errors` (throttling included). */
async function graphql(api: ProviderApi, query: string, variables: Record<string, unknown>): Promise<unknown> {
  const answer = (await api.request('POST', `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, { json: { query, variables } })) as {
    data?: unknown;
    errors?: { message: string }[];
  };
  if (answer.errors?.length) {
    throw new ProviderProblem('http-error', `Shopify answered: ${answer.errors.map((e) => e.message).join('; ')}`, 200, answer.errors);
  }
  return answer.data;
}
