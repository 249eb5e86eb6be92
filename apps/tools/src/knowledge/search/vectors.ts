/**
 * Chunk vectors as stored (`knowledge_chunk.embedding`, bytea): float32, big-endian, 4 bytes a
 * dimension, the order of PostgreSQL's own `float4send` (the migration from `real[]` wrote them
 * with it). Stock PostgreSQL has no fast dot product (without pgvector, an `unnest` of two arrays
 * took 22 s over 100,000 chunks), so search reads the bytes and scores them here.
 */
export function vectorBytes(vector: readonly number[]): Buffer {
  const bytes = Buffer.allocUnsafe(vector.length * 4);
  vector.forEach((value, dimension) => bytes.writeFloatBE(value, dimension * 4));
  return bytes;
}

/** A stored vector's dot product with `query` (both unit: their cosine similarity); null when their dimensions differ. */
export function dotProduct(bytes: Uint8Array, query: Float32Array): number | null {
  if (bytes.byteLength !== query.length * 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  for (let dimension = 0; dimension < query.length; dimension++) sum += view.getFloat32(dimension * 4) * query[dimension]!;
  return sum;
}

/** The `size` best of the scores it is offered, best first (a tie: the smaller id first). */
export class BestScores {
  private readonly best: { id: string; similarity: number }[] = [];

  constructor(private readonly size: number) {}

  offer(id: string, similarity: number): void {
    const best = this.best;
    if (best.length === this.size && !before(id, similarity, best[best.length - 1]!)) return;
    let at = best.length;
    while (at > 0 && before(id, similarity, best[at - 1]!)) at--;
    best.splice(at, 0, { id, similarity });
    if (best.length > this.size) best.pop();
  }

  /** The score an offer must reach to be kept once full (-∞ before). */
  floor(): number {
    return this.best.length === this.size ? this.best[this.best.length - 1]!.similarity : -Infinity;
  }

  ranking(): { id: string; similarity: number }[] {
    return [...this.best];
  }
}

function before(id: string, similarity: number, other: { id: string; similarity: number }): boolean {
  return similarity > other.similarity || (similarity === other.similarity && id < other.id);
}

/** Slack on a sketch's residual for float rounding (of the residual itself and of the sums). */
const RESIDUAL_SLACK = 1e-5;

/**
 * A vector's sketch, a quarter of its bytes, what the exact search scans first: its scale and
 * residual (float32, big-endian), then each dimension as a signed byte of the scale. With `e` the
 * vector less its sketch, |e| ≤ residual, so for a unit query `q` the true dot product lies
 * within `scale·(q·bytes) ± residual` (Cauchy–Schwarz): bounds that let the search read the full
 * vectors of only the chunks that may be among the best, and still rank exactly.
 */
export function vectorSketch(vector: readonly number[]): Buffer {
  const stored = vector.map((value) => Math.fround(value));
  const scale = Math.fround(Math.max(0, ...stored.map(Math.abs)) / 127);
  const sketch = Buffer.alloc(8 + stored.length);
  let squares = 0;
  stored.forEach((value, dimension) => {
    const step = scale ? Math.max(-127, Math.min(127, Math.round(value / scale))) : 0;
    sketch.writeInt8(step, 8 + dimension);
    squares += (value - scale * step) ** 2;
  });
  sketch.writeFloatBE(scale, 0);
  sketch.writeFloatBE(Math.sqrt(squares) * (1 + RESIDUAL_SLACK) + RESIDUAL_SLACK, 4);
  return sketch;
}

/** The bounds of a sketched vector's dot product with the unit `query`; null when their dimensions differ. */
export function sketchBounds(sketch: Uint8Array, query: Float32Array): { low: number; high: number } | null {
  if (sketch.byteLength !== query.length + 8) return null;
  const view = new DataView(sketch.buffer, sketch.byteOffset, sketch.byteLength);
  let sum = 0;
  for (let dimension = 0; dimension < query.length; dimension++) sum += view.getInt8(8 + dimension) * query[dimension]!;
  const estimate = view.getFloat32(0) * sum;
  const residual = view.getFloat32(4) * (1 + RESIDUAL_SLACK);
  return { low: estimate - residual, high: estimate + residual };
}
