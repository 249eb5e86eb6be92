import { proxyActivities, sleep } from '@temporalio/workflow';
import type { DiagnosticsActivities } from './diagnostics.activities';

const { describeWorker } = proxyActivities<DiagnosticsActivities>({ startToCloseTimeout: '10 seconds' });

/**
 * Proves a service's Temporal worker end to end (server, task queue, workflow and activity
 * workers): `platica doctor` and the platform's tests run it. Optionally sleeps on a durable timer.
 */
export async function echoWorkflow(input: { text: string; sleepMs?: number }): Promise<{ text: string; worker: string }> {
  if (input.sleepMs) await sleep(input.sleepMs);
  return { text: input.text, worker: await describeWorker() };
}
