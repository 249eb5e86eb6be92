import { readFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { testWorkflowBundle } from '../test-workflow-bundle';

/**
 * Replays a recorded history of echoWorkflow against today's workflow code: a change that
 * would break running workflows fails here (DeterminismViolationError). The fixture is
 * recorded on the real dev server by temporal.integration-spec.ts with UPDATE_FIXTURES=true.
 */
describe('echoWorkflow replay', () => {
  beforeAll(() => Runtime.install({ logger: new DefaultLogger('WARN'), shutdownSignals: [] }));

  it('replays its committed history', async () => {
    const history = temporal.api.history.v1.History.fromObject(
      JSON.parse(readFileSync(path.join(__dirname, '__fixtures__/echo.history.json'), 'utf8')),
    );
    await expect(Worker.runReplayHistory({ workflowBundle: await testWorkflowBundle() }, history, 'echo-fixture')).resolves.toBeUndefined();
  });
});
