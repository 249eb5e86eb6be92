import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * The Grafana dashboard and the alert rules query only metrics that the services export
 * (a renamed metric would leave a panel or an alert silently empty), and every alert has its
 * entry in the runbook.
 */
const root = path.resolve(__dirname, '../..');
const dashboard = JSON.parse(readFileSync(path.join(__dirname, 'grafana-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const rules = parse(readFileSync(path.join(__dirname, 'alerts.yaml'), 'utf8')) as {
  groups: { rules: { alert: string; expr: string; for: string; labels: { severity: string }; annotations: Record<string, string> }[] }[];
};
const runbook = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === 'node_modules' ? [] : sourcesUnder(full);
    return /\.ts$/.test(entry) && !/spec\.ts$/.test(entry) ? [full] : [];
  });
}

/** Metric names the code declares (`name: 'platica_…'`), plus prom-client's default process metrics under the `platica_` prefix. */
const exported = new Set(
  [...sourcesUnder(path.join(root, 'libs')), ...sourcesUnder(path.join(root, 'apps'))].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:name: |databaseGauge\(\s*)'(platica_[a-z0-9_]+)'/g)].map((match) => match[1]!),
  ),
);
const defaults = ['platica_process_resident_memory_bytes', 'platica_process_cpu_seconds_total', 'platica_nodejs_eventloop_lag_p99_seconds'];

/** The metric names in a PromQL expression (histogram suffixes reduced to the histogram). */
function metricsOf(expr: string): string[] {
  return [...expr.matchAll(/\b(platica_[a-z0-9_]+)/g)].map((match) => match[1]!.replace(/_(bucket|count|sum)$/, ''));
}

describe('monitoring (deploy/monitoring)', () => {
  it('finds the metrics the code exports', () => {
    expect([...exported]).toEqual(
      expect.arrayContaining([
        'platica_http_requests_total',
        'platica_rpc_handler_duration_seconds',
        'platica_outbox_backlog',
        'platica_webhook_backlog',
        'platica_message_sends_total',
        'platica_agent_turns_total',
      ]),
    );
  });

  it('charts request rate, errors, latency, turns, sends and the webhook backlog from exported metrics only', () => {
    const queried = dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricsOf(target.expr)));
    expect(queried.filter((name) => !exported.has(name) && !defaults.includes(name))).toEqual([]);
    const titles = dashboard.panels.map((panel) => panel.title).join('\n');
    for (const topic of [/request rate/i, /errors/i, /latency/i, /turns/i, /sends/i, /webhook backlog/i]) expect(titles).toMatch(topic);
  });

  it('alerts on exported metrics only, each with a severity, a duration and a runbook entry', () => {
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.length).toBeGreaterThan(5);
    for (const alert of alerts) {
      expect([alert.alert, metricsOf(alert.expr).filter((name) => !exported.has(name) && !defaults.includes(name))]).toEqual([
        alert.alert,
        [],
      ]);
      expect([alert.alert, alert.labels.severity]).toEqual([alert.alert, expect.stringMatching(/^(critical|warning)$/)]);
      expect([alert.alert, alert.for]).toEqual([alert.alert, expect.stringMatching(/^\d+m$/)]);
      expect([alert.alert, alert.annotations.runbook]).toEqual([alert.alert, `docs/operations.md#${alert.alert.toLowerCase()}`]);
      expect([alert.alert, runbook.includes(`### ${alert.alert}`)]).toEqual([alert.alert, true]);
    }
  });
});
