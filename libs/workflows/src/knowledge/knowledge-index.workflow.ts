import { condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import { reindexKnowledgeSignal, type KnowledgeIndexActivities, type KnowledgeIndexInput } from './knowledge-index.contract';

const { beginKnowledgeIndexing, finishKnowledgeCrawl } = proxyActivities<KnowledgeIndexActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

const { indexKnowledgeDocument, crawlKnowledgeSlice } = proxyActivities<KnowledgeIndexActivities>({
  // A slice fetches pages for a bounded while, heartbeating; a worker that dies stops heartbeating and the slice is retried elsewhere.
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Slices per workflow run before continuing as new: the history stays short on large sites. */
const SLICES_PER_RUN = 200;

/**
 * A knowledge source's indexing (docs/knowledge.md › Indexing), durable: a document is indexed
 * in one activity; a website is crawled slice after slice, the page rows being the crawl's
 * state, so a crash resumes where it stopped and no page is indexed twice. A scheduled
 * website then waits for its next crawl (or a reindex signal) and starts over as new.
 */
export async function knowledgeIndexWorkflow(input: KnowledgeIndexInput): Promise<void> {
  let reindexRequested = false;
  setHandler(reindexKnowledgeSignal, () => {
    reindexRequested = true;
  });
  // The signal a start carries (signal-with-start) is delivered as the handler is set: this run is its answer.
  reindexRequested = false;
  const { sourceId } = input;
  let generation = input.resumeGeneration;
  if (generation === undefined) {
    const start = await beginKnowledgeIndexing(sourceId);
    if (start.path === 'nothing') return;
    generation = start.generation;
    if (start.path === 'document') {
      await indexKnowledgeDocument(sourceId, generation);
      if (reindexRequested) await continueAsNew<typeof knowledgeIndexWorkflow>({ sourceId });
      return;
    }
  }
  for (let slice = 0; ; slice++) {
    if (slice === SLICES_PER_RUN) await continueAsNew<typeof knowledgeIndexWorkflow>({ sourceId, resumeGeneration: generation });
    const { queued } = await crawlKnowledgeSlice(sourceId, generation);
    if (queued === 0) break;
  }
  const { recrawlInMs } = await finishKnowledgeCrawl(sourceId, generation);
  if (!reindexRequested && recrawlInMs === null) return;
  if (!reindexRequested) await condition(() => reindexRequested, recrawlInMs!);
  await continueAsNew<typeof knowledgeIndexWorkflow>({ sourceId });
}
