import { z } from 'zod';
// The console reads the server's code only here: to check that its copy of the bounds is the server's.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { subagentCreateSchema, subagentTaskSchema, subagentUpdateSchema } from '@platica/contracts';
import { SUBAGENT_BOUNDS, SUBAGENT_TASKS } from './subagent-bounds';

type Json = { [key: string]: any };
const fields = (schema: z.ZodType): Json => (z.toJSONSchema(schema, { io: 'input' }) as Json).properties;

describe('the console’s sub-agent bounds', () => {
  it('are the server’s', () => {
    const create = fields(subagentCreateSchema);
    expect({
      name: { min: create.name.minLength, max: create.name.maxLength },
      systemPrompt: { max: create.systemPrompt.maxLength },
    }).toEqual({ name: SUBAGENT_BOUNDS.name, systemPrompt: SUBAGENT_BOUNDS.systemPrompt });
    for (const key of ['description', 'delegationCriteria', 'completionCriteria']) {
      expect(create[key].maxLength).toBe(SUBAGENT_BOUNDS.criteria.max);
    }
    expect(fields(subagentUpdateSchema).name.maxLength).toBe(SUBAGENT_BOUNDS.name.max);
  });

  it('name the server’s tasks', () => {
    expect(SUBAGENT_TASKS).toEqual(subagentTaskSchema.options);
  });
});
