import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FakeMetaGraph, MessagingWorkspace, startTestStack, withAgents, type TestStack } from '@platica/testing';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../../..');
const schemathesis = process.env.PLATICA_SCHEMATHESIS ?? path.join(root, '.toolchain/py/bin/schemathesis');

/**
 * Schemathesis generates requests from the OpenAPI document for every operation, with valid
 * ids of a seeded workspace in their paths, and checks that no answer is a server error and
 * that every status and body is one the document declares. Bounded in time and examples so
 * it fits CI; its report is kept for a failing run.
 */
describe('the OpenAPI document against the running API (Schemathesis)', () => {
  let t: TestStack;
  let graph: FakeMetaGraph;
  let ws: MessagingWorkspace;

  beforeAll(async () => {
    graph = await FakeMetaGraph.start();
    t = await startTestStack({ META_GRAPH_BASE_URL: graph.url });
    ws = await MessagingWorkspace.seed(t, withAgents);
  });

  afterAll(async () => {
    await t?.stop();
    await graph?.stop();
  });

  it('finds no server error, undeclared status or undeclared body in any operation', async () => {
    const { phone, conversation } = await ws.customerWrites();
    const agentId: string = ws.ids.agents.sofia.id;
    const webhook = await ws.api.post('/v1/webhooks', {
      name: 'st',
      url: 'https://receiver.example.test/hook',
      events: ['message.created'],
    });
    const scheduled = await ws.api.post('/v1/messages', {
      channelId: ws.whatsapp.id,
      conversationId: phone,
      content: 'later',
      delay: 3_600_000,
    });
    const client = await ws.api.get(`/v1/clients/${conversation.clientId}`);
    expect([webhook.status, scheduled.status, client.status]).toEqual([201, 202, 200]);

    const ids: Record<string, string> = {
      agentId,
      messageId: scheduled.body.messageId,
      campaignId: 'cmp_unknown',
      integrationId: 'api_unknown',
      mcpId: 'mcp_unknown',
      toolId: 'tool_unknown',
      subagentId: 'sub_unknown',
      deliveryId: 'dlv_unknown',
    };
    // `{id}` names a different resource on each path: set it per operation.
    const idByPath: Record<string, string> = {
      '/v1/conversations/{id}': conversation.id,
      '/v1/clients/{id}': conversation.clientId,
      '/v1/chat/{id}': conversation.id,
      '/v1/webhooks/{id}': webhook.body.data.id,
      '/v1/webhooks/{id}/deliveries': webhook.body.data.id,
      '/v1/webhooks/{id}/deliveries/{deliveryId}/retry': webhook.body.data.id,
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'platica-schemathesis-'));
    const toml = [
      `headers = { Authorization = "Bearer ${ws.ids.apiKeys.main.key as string}" }`,
      'request-timeout = 30.0',
      '[parameters]',
      ...Object.entries(ids).map(([name, value]) => `"path.${name}" = "${value}"`),
      ...Object.entries(idByPath).flatMap(([pathTemplate, value]) => [
        '[[operations]]',
        `include-path = "${pathTemplate}"`,
        `parameters = { "path.id" = "${value}" }`,
      ]),
    ].join('\n');
    writeFileSync(path.join(dir, 'schemathesis.toml'), toml);

    const result = await run(
      schemathesis,
      [
        '--config-file',
        path.join(dir, 'schemathesis.toml'),
        'run',
        `${t.baseUrl}/docs/openapi.json`,
        '--checks',
        'not_a_server_error,status_code_conformance,response_schema_conformance',
        '--phases',
        'examples,coverage,fuzzing',
        '--max-examples',
        '25',
        '--max-time',
        '150',
        '--workers',
        '2',
        '--seed',
        '20261123',
        '--exclude-path-regex',
        '^/admin/',
        '--report',
        'junit',
        '--report-dir',
        dir,
        '--no-color',
      ],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024, timeout: 240_000, env: { ...process.env, SCHEMATHESIS_HOOKS: '' } },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({ failed: true, ...error }));

    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
    if ('failed' in result) process.stdout.write(`Schemathesis failed (report in ${dir}):\n${output.slice(-20_000)}\n`);
    expect(output).toMatch(/passed/);
    expect('failed' in result ? output.slice(-4_000) : 'no failures').toBe('no failures');
  }, 300_000);
});
