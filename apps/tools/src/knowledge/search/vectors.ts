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

  ranking(): { id: string; similarity: number }[] {
    return [...this.best];
  }
}

function before(id: string, similarity: number, other: { id: string; similarity: number }): boolean {
  return similarity > other.similarity || (similarity === other.similarity && id < other.id);
}
