import { googleCalendarProvider } from './google-calendar.provider';
import { hubspotProvider } from './hubspot.provider';
import type { IntegrationProvider } from './provider';
import { shopifyProvider } from './shopify.provider';

/** The providers Plática maintains (docs/tools.md › Integrations says why these). */
export const PROVIDERS: readonly IntegrationProvider[] = [shopifyProvider, googleCalendarProvider, hubspotProvider];

export function providerOf(providerId: string): IntegrationProvider | undefined {
  return PROVIDERS.find((provider) => provider.id === providerId);
}
