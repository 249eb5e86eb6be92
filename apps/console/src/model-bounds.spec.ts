import { z } from 'zod';
// The console reads the server's code only here: to check that its copy of the bounds is the server's.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { agentModelsUpdateSchema, MODEL_PROVIDERS as SERVER_PROVIDERS, modelConnectionCreateSchema } from '@platica/contracts';
import { MODEL_BOUNDS, MODEL_PROVIDERS } from './model-bounds';

type Json = Record<string, any>;
const jsonSchema = (schema: z.ZodType): Json => z.toJSONSchema(schema, { io: 'input' }) as Json;
/** The number branch of `number | null`. */
const numeric = (field: Json): Json => field.anyOf?.find((branch: Json) => branch.type === 'number') ?? field;

describe('the console’s model bounds', () => {
  it('are the server’s', () => {
    const connection = jsonSchema(modelConnectionCreateSchema);
    const fields = connection.properties;
    const offer = connection.$defs.ModelOffer.properties;
    const price = numeric(offer.inputUsdPerMillion);
    expect({
      name: { max: fields.name.maxLength },
      baseUrl: { max: fields.baseUrl.maxLength },
      credential: { max: fields.credential.maxLength },
      models: { minItems: fields.models.minItems, maxItems: fields.models.maxItems },
      modelId: { max: offer.id.maxLength },
      price: { min: price.minimum, max: price.maximum },
      fallback: { maxItems: jsonSchema(agentModelsUpdateSchema).properties.fallback.maxItems },
    }).toEqual(MODEL_BOUNDS);
    expect(numeric(offer.outputUsdPerMillion)).toEqual(price);
  });

  it('list the providers the server accepts, in its order', () => {
    expect(MODEL_PROVIDERS).toEqual(SERVER_PROVIDERS);
  });
});
