import { Injectable } from '@nestjs/common';
import { ToolsConfigService } from '../../config/tools.config';

/** The embeddings endpoint failed: indexing retries; search answers with text ranks alone. */
export class EmbeddingsUnavailable extends Error {}

/** Inputs per request (OpenAI takes up to 2048; smaller batches keep one failure cheap). */
const BATCH = 64;
const TIMEOUT_MS = 30_000;

/**
 * The optional OpenAI-compatible embeddings endpoint (`POST {base}/embeddings`), configured by
 * the operator (KNOWLEDGE_EMBEDDINGS_*), so not a user URL. Vectors are returned unit-length:
 * cosine similarity is then a dot product (search/vectors.ts).
 */
@Injectable()
export class Embeddings {
  constructor(private readonly config: ToolsConfigService) {}

  /** The model vectors are made with, or null when no endpoint is configured. */
  get model(): string | null {
    return this.config.values.KNOWLEDGE_EMBEDDINGS_BASE_URL ? this.config.values.KNOWLEDGE_EMBEDDINGS_MODEL : null;
  }

  async embed(texts: string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += BATCH) vectors.push(...(await this.batch(texts.slice(start, start + BATCH))));
    return vectors;
  }

  private async batch(input: string[]): Promise<number[][]> {
    const { KNOWLEDGE_EMBEDDINGS_BASE_URL: base, KNOWLEDGE_EMBEDDINGS_API_KEY: key } = this.config.values;
    if (!base) throw new EmbeddingsUnavailable('no embeddings endpoint is configured');
    let response: Response;
    try {
      response = await fetch(`${base.replace(/\/$/, '')}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ model: this.model, input }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new EmbeddingsUnavailable(`the embeddings endpoint could not be reached (${(error as Error).message})`);
    }
    if (!response.ok) throw new EmbeddingsUnavailable(`the embeddings endpoint answered ${response.status}`);
    const body = (await response.json()) as { data?: { index: number; embedding: number[] }[] };
    const data = body.data ?? [];
    if (data.length !== input.length || data.some((item) => !Array.isArray(item.embedding))) {
      throw new EmbeddingsUnavailable('the embeddings endpoint answered an unexpected body');
    }
    return [...data].sort((a, b) => a.index - b.index).map((item) => unit(item.embedding));
  }
}

export function unit(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm ? vector.map((value) => value / norm) : vector;
}
