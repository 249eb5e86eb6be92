/**
 * What a campaign's edit and send may hold (spec › Campaigns; the server's
 * `libs/contracts/src/campaigns.ts`, which campaign-bounds.spec.ts checks this copy against).
 */
export const CAMPAIGN_BOUNDS = {
  title: { min: 1, max: 200 },
  scheduledDates: { max: 50 },
} as const;

export const CAMPAIGN_CATEGORIES = ['marketing', 'utility'] as const;
