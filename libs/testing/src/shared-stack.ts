import type { FakeLlm } from './fake-llm';
import type { FakeMetaGraph } from './fake-meta-graph';
import type { SharedStackFakes, SharedStackInfo } from './shared-stack-host';
import { stackApi, type StackApi } from './test-stack';

/**
 * The stack this jest worker shares with the other files it runs (started by the first of them),
 * for a file that only drives the API: it seeds workspaces of its own, as every file does.
 * Its settings are SHARED_STACK_SETTINGS; while the file uses it, the stack's calls to Meta's
 * Graph API and to the model go to the fakes given here. `stop()` gives it back (it keeps running).
 * A file that stops, cuts or restarts services or needs other settings uses `startTestStack`.
 */
export async function useSharedStack(fakes: { graph?: FakeMetaGraph; llm?: FakeLlm } = {}): Promise<StackApi> {
  const host = process.env.PLATICA_TEST_STACK_HOST;
  if (!host)
    throw new Error('PLATICA_TEST_STACK_HOST is unset: run integration tests through jest (its global setup hosts the shared stacks)');
  const worker = `${host}/stacks/${process.env.JEST_WORKER_ID ?? '1'}`;
  const routes: SharedStackFakes = {
    graph: fakes.graph && new URL(fakes.graph.url).origin,
    llm: fakes.llm && new URL(fakes.llm.url).origin,
  };
  const answer = await fetch(worker, { method: 'POST', body: JSON.stringify(routes) });
  if (!answer.ok) throw new Error(`the shared stack did not start: ${await answer.text()}`);
  const { baseUrl, adminToken, isolation } = (await answer.json()) as SharedStackInfo;
  return {
    ...stackApi(isolation, baseUrl, adminToken),
    async stop() {
      await fetch(`${worker}/release`, { method: 'POST' });
    },
  };
}
