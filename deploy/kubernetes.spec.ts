import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * Every overlay is rendered with `kubectl kustomize` and each object validated offline
 * against the Kubernetes schemas (kubernetes-validate), in strict mode (both installed into
 * .toolchain/py by scripts/lib/toolchain.sh, pinned): an unknown field is an error. Then what the
 * schemas cannot say: one Deployment per service, probes on the real endpoints, pods that
 * run as non-root on a read-only filesystem, and so on.
 */
const root = path.resolve(__dirname, '..');
const overlaysDir = path.join(__dirname, 'overlays');
const validator = process.env.PLATICA_KUBERNETES_VALIDATE ?? path.join(root, '.toolchain/py/bin/kubernetes-validate');
const kubectl = process.env.PLATICA_KUBECTL ?? path.join(root, '.toolchain/py/bin/kubectl');
/** The oldest Kubernetes the manifests support (the preStop `sleep` action is GA in 1.32). */
const KUBERNETES_VERSION = '1.32.0';

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: any;
}

function render(overlay: string): string {
  return execFileSync(kubectl, ['kustomize', path.join(overlaysDir, overlay)], { encoding: 'utf8' });
}

function validate(manifests: string): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'platica-k8s-'));
  try {
    const file = path.join(dir, 'manifests.yaml');
    writeFileSync(file, manifests);
    const run = spawnSync(validator, ['--strict', '--quiet', '-k', KUBERNETES_VERSION, file], { encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function objectsOf(manifests: string): K8sObject[] {
  return parseAllDocuments(manifests).map((document) => document.toJSON() as K8sObject);
}

/** The apps that run as services: a Node entry point (the console is a browser app the gateway serves), the CLI excepted. */
function serviceApps(): string[] {
  const appsDir = path.join(root, 'apps');
  return readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(appsDir, entry.name, 'src/main.ts')))
    .map((entry) => entry.name)
    .filter((name) => name !== 'cli')
    .sort();
}

const overlays = readdirSync(overlaysDir).sort();

describe('Kubernetes manifests (deploy/)', () => {
  it('has the dev and production overlays, and kubectl and kubernetes-validate installed', () => {
    expect(overlays).toEqual(['dev', 'production']);
    expect(existsSync(validator)).toBe(true);
    expect(existsSync(kubectl)).toBe(true);
  });

  it('fails validation when an object is broken (the check is not vacuous)', () => {
    // A wrong type in one Deployment, a misspelt field (strict mode) in each migrations Job.
    const broken = render('production')
      .replace(/^( {2}replicas:) 2$/m, '$1 "two"')
      .replaceAll('ttlSecondsAfterFinished:', 'ttlSecondsAfterFinishd:');
    const result = validate(broken);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("spec.replicas: 'two' is not of type 'integer'");
    expect(result.output).toMatch(/job\/gateway-migrate .*ttlSecondsAfterFinishd/);
  });

  describe.each(overlays)('overlay %s', (overlay) => {
    const manifests = render(overlay);
    const objects = objectsOf(manifests);
    const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
    const platicaDeployments = ofKind('Deployment').filter(
      (d) => d.spec.template.metadata.labels['app.kubernetes.io/part-of'] === 'platica',
    );

    it('renders objects that all validate against the Kubernetes schemas, offline', () => {
      expect(objects.length).toBeGreaterThan(40);
      const result = validate(manifests);
      expect(result.output).toBe('');
      expect(result.status).toBe(0);
    });

    it('runs every service in its own Deployment, with the Temporal workers that scale apart', () => {
      const services = new Set(platicaDeployments.map((d) => d.spec.template.metadata.labels['platica.io/service']));
      expect([...services].sort()).toEqual(serviceApps());
      const workers = platicaDeployments.filter((d) => d.metadata.name.endsWith('-worker'));
      expect(workers.map((d) => d.metadata.name).sort()).toEqual(['agents-worker', 'messaging-worker']);
      for (const deployment of platicaDeployments) {
        const container = deployment.spec.template.spec.containers[0];
        const role = container.env.find((e: { name: string }) => e.name === 'PLATICA_ROLE')?.value;
        const service = deployment.spec.template.metadata.labels['platica.io/service'];
        expect([deployment.metadata.name, container.command]).toEqual([
          deployment.metadata.name,
          ['node', `dist/apps/${service}/src/main.js`],
        ]);
        if (deployment.metadata.name.endsWith('-worker')) expect(role).toBe('worker');
        else if (['agents', 'messaging'].includes(deployment.metadata.name)) expect(role).toBe('handlers');
        else expect(role).toBe('all');
      }
    });

    it('probes /healthz and /readyz, waits for migrations, and runs non-root, read-only, with requests and limits', () => {
      for (const deployment of platicaDeployments) {
        const pod = deployment.spec.template.spec;
        const [container] = pod.containers;
        const name = deployment.metadata.name;
        expect([name, container.readinessProbe.httpGet.path, container.livenessProbe.httpGet.path]).toEqual([name, '/readyz', '/healthz']);
        expect([name, pod.initContainers[0].command.at(-1)]).toEqual([name, 'migrate:check']);
        expect([name, pod.securityContext.runAsNonRoot]).toEqual([name, true]);
        for (const c of [...pod.initContainers, ...pod.containers]) {
          expect([name, c.securityContext]).toEqual([
            name,
            { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
          ]);
          expect([name, Object.keys(c.resources.requests).sort(), Object.keys(c.resources.limits).sort()]).toEqual([
            name,
            ['cpu', 'memory'],
            ['cpu', 'memory'],
          ]);
        }
      }
    });

    it('gives each Deployment a Service, an HPA and a PDB, each service a migrations Job, and only the gateway an Ingress', () => {
      const names = platicaDeployments.map((d) => d.metadata.name).sort();
      expect(
        ofKind('HorizontalPodAutoscaler')
          .map((o) => o.spec.scaleTargetRef.name)
          .sort(),
      ).toEqual(names);
      expect(
        ofKind('PodDisruptionBudget')
          .map((o) => o.spec.selector.matchLabels['app.kubernetes.io/name'])
          .sort(),
      ).toEqual(names);
      expect(
        ofKind('Service')
          .map((o) => o.metadata.name)
          .filter((n) => names.includes(n))
          .sort(),
      ).toEqual(names);
      expect(ofKind('Job').map((o) => o.spec.template.spec.containers[0].command)).toEqual(
        expect.arrayContaining(serviceApps().map((app) => ['node', `dist/apps/${app}/src/main.js`, 'migrate'])),
      );
      const backends = ofKind('Ingress').flatMap((o) =>
        o.spec.rules.flatMap((rule: any) => rule.http.paths.map((p: any) => p.backend.service.name as string)),
      );
      expect(new Set(backends)).toEqual(new Set(['gateway']));
    });

    it('denies by default and lets the internet be reached only by messaging, agents, tools and webhook-dispatcher', () => {
      const policies = ofKind('NetworkPolicy');
      const deny = policies.find((p) => p.metadata.name === 'platica-default-deny')!;
      expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      const internet = policies.find((p) => p.metadata.name === 'platica-internet')!;
      const label = Object.entries(internet.spec.podSelector.matchLabels as Record<string, string>)[0]!;
      const reaching = platicaDeployments.filter((d) => d.spec.template.metadata.labels[label[0]] === label[1]);
      expect([...new Set(reaching.map((d) => d.spec.template.metadata.labels['platica.io/service']))].sort()).toEqual([
        'agents',
        'messaging',
        'tools',
        'webhook-dispatcher',
      ]);
      // The handlers of agents call no provider: only its worker (the model, in activities) does.
      expect(reaching.map((d) => d.metadata.name)).not.toContain('agents');
      const redis = policies.find((p) => p.metadata.name === 'platica-redis')!;
      expect(
        platicaDeployments.filter((d) => d.spec.template.metadata.labels['platica.io/redis'] === 'true').map((d) => d.metadata.name),
      ).toEqual(['gateway']);
      expect(redis.spec.egress[0].ports).toEqual([{ protocol: 'TCP', port: 6379 }]);
    });
  });
});
