/** Shared by custom API responses and MCP tool results: what reaches the model is capped alike. */

/** The value when its JSON fits in `maxBytes`; else its text cut to `maxBytes` (on a character boundary), marked as cut. */
export function capBytes(value: unknown, maxBytes: number): unknown {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined || Buffer.byteLength(text) <= maxBytes) return value;
  const marker = ' …[truncated]';
  const budget = Math.max(0, maxBytes - Buffer.byteLength(marker));
  // Cutting the buffer may split a character: the decoder drops the partial one.
  const cut = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.from(text).subarray(0, budget)).replace(/\uFFFD$/, '');
  return `${cut}${marker}`;
}
