import { z } from 'zod';
// The console reads the server's code only here: to check that its copy of the bounds is the server's.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { campaignSendRequestSchema, campaignUpdateSchema } from '@platica/contracts';
import { CAMPAIGN_BOUNDS, CAMPAIGN_CATEGORIES } from './campaign-bounds';

type Json = { [key: string]: any };
const fields = (schema: z.ZodType): Json => (z.toJSONSchema(schema, { io: 'input' }) as Json).properties;

describe('the console’s campaign bounds', () => {
  it('are the server’s', () => {
    const update = fields(campaignUpdateSchema);
    expect({ min: update.title.minLength, max: update.title.maxLength }).toEqual(CAMPAIGN_BOUNDS.title);
    expect(fields(campaignSendRequestSchema).template.properties.scheduledDates.maxItems).toBe(CAMPAIGN_BOUNDS.scheduledDates.max);
    expect(update.category.enum).toEqual([...CAMPAIGN_CATEGORIES]);
  });
});
