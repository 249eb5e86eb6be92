import { z } from 'zod';
// The console reads the server's code only here: to check that its copy of the bounds is the server's.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createWebhookRequestSchema, EVENT_TYPES } from '@platica/contracts';
import { WEBHOOK_BOUNDS, WEBHOOK_EVENTS } from './webhook-bounds';

describe('the console’s webhook bounds', () => {
  it('are the server’s', () => {
    const fields = (z.toJSONSchema(createWebhookRequestSchema, { io: 'input' }) as { properties: Record<string, any> }).properties;
    expect({
      name: { max: fields.name.maxLength },
      url: { max: fields.url.maxLength },
      secret: { max: fields.secret.maxLength },
    }).toEqual({ name: WEBHOOK_BOUNDS.name, url: WEBHOOK_BOUNDS.url, secret: WEBHOOK_BOUNDS.secret });
    const headers = createWebhookRequestSchema.shape.headers.unwrap();
    const eleven = Object.fromEntries(Array.from({ length: WEBHOOK_BOUNDS.headers.maxItems + 1 }, (_, i) => [`x-h${i}`, 'v']));
    expect(headers.safeParse(eleven).success).toBe(false);
    const { 'x-h0': _dropped, ...ten } = eleven;
    expect(headers.safeParse(ten).success).toBe(true);
    expect(headers.safeParse({ ['x'.repeat(WEBHOOK_BOUNDS.headers.nameMax + 1)]: 'v' }).success).toBe(false);
    expect(headers.safeParse({ 'x-a': 'v'.repeat(WEBHOOK_BOUNDS.headers.valueMax + 1) }).success).toBe(false);
    expect(headers.safeParse({ ['x'.repeat(WEBHOOK_BOUNDS.headers.nameMax)]: 'v'.repeat(WEBHOOK_BOUNDS.headers.valueMax) }).success).toBe(
      true,
    );
  });

  it('list the events the server accepts, in its order', () => {
    expect(WEBHOOK_EVENTS).toEqual(EVENT_TYPES);
  });
});
