import countries from 'i18n-iso-countries';
import { z } from 'zod';

/** The assigned ISO 3166-1 alpha-2 codes, from a maintained list (Intl also names non-ISO regions such as EU or XK). */
const ALPHA2_CODES = Object.keys(countries.getAlpha2Codes()).sort() as [string, ...string[]];

/** A country as the spec writes it: an assigned ISO 3166-1 alpha-2 code, upper case (`MX`); an enum, for the OpenAPI document. */
export const countryCodeSchema = z.enum(ALPHA2_CODES, { error: 'an ISO 3166-1 alpha-2 code such as MX' });
