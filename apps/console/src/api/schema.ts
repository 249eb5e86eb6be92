import type { components, operations } from './openapi';

/**
 * The API's shapes, named from the generated OpenAPI document (openapi.d.ts, rebuilt by
 * `node tools/build.mjs`): the console writes none of them by hand, so a change to the API is a
 * type error here rather than a surprise in the browser.
 */
type Operation = keyof operations;
type JsonOf<T> = T extends { content: { 'application/json': infer Json } } ? Json : never;

/** A named schema of the document: `Schema<'ConversationSummary'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** An operation's JSON request body: `RequestBody<'conversations_update'>`. */
export type RequestBody<Op extends Operation> = JsonOf<NonNullable<operations[Op]['requestBody']>>;

/** An operation's JSON answer for a status (200 unless said): `Answer<'conversations_list'>`. */
export type Answer<
  Op extends Operation,
  Status extends keyof operations[Op]['responses'] = 200 & keyof operations[Op]['responses'],
> = JsonOf<operations[Op]['responses'][Status]>;

/** An operation's query string: `QueryOf<'conversations_list'>`. */
export type QueryOf<Op extends Operation> = NonNullable<operations[Op]['parameters']['query']>;
