import { countryCodeSchema } from './country';

describe('countryCodeSchema', () => {
  it('accepts assigned ISO 3166-1 alpha-2 codes only, upper case', () => {
    for (const code of ['MX', 'US', 'ES', 'BR', 'AQ']) expect(countryCodeSchema.safeParse(code).success).toBe(true);
    // XX and ZZ are user-assigned, EU is not a country, MEX is alpha-3. (The list keeps XK, Kosovo, as CLDR and Meta do.)
    for (const code of ['XX', 'ZZ', 'EU', 'mx', 'MEX', '']) expect(countryCodeSchema.safeParse(code).success).toBe(false);
  });
});
