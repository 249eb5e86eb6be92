// Three projects: `unit` (*.spec.ts, no infrastructure), `integration` (*.integration-spec.ts
// against real PostgreSQL, NATS and Temporal, and *.e2e-spec.ts through the gateway's HTTP), and
// `integration-serial`, which scripts/test runs in band beside the others (on two workers):
// the files that kill, cut or restart services and time what follows, and three long files
// (a token's lifetime; `platica up` and its Ctrl-C; Schemathesis), so that both runs end
// together (alone, the in-band run ended ~300 s before the other: CI, 2026-11-28; with
// ownProcesses it got cheaper, and the main run's longest file, 190 s, moved here).
const SERIAL = [
  'apps/agents/e2e/agent-turns.e2e-spec.ts',
  'apps/agents/e2e/evaluations.e2e-spec.ts',
  'apps/agents/e2e/temporal-outage.e2e-spec.ts',
  'apps/agents/e2e/turns-through-outages.e2e-spec.ts',
  'apps/campaigns/e2e/campaign-crash.e2e-spec.ts',
  'apps/gateway/e2e/dependency-outages.e2e-spec.ts',
  'apps/gateway/e2e/gateway.e2e-spec.ts',
  'apps/gateway/e2e/graceful-shutdown.e2e-spec.ts',
  'apps/messaging/e2e/conversation-expiry.e2e-spec.ts',
  'apps/messaging/e2e/messaging.e2e-spec.ts',
  'apps/messaging/e2e/scheduled-crash.e2e-spec.ts',
  'apps/messaging/e2e/scheduled.e2e-spec.ts',
  'apps/tools/e2e/knowledge-crawl-crash.e2e-spec.ts',
  'apps/webhook-dispatcher/e2e/webhooks.e2e-spec.ts',
];
const BALANCING = [
  'apps/gateway/e2e/console-browser.e2e-spec.ts',
  'apps/cli/e2e/cli.e2e-spec.ts',
  'apps/gateway/e2e/openapi-conformance.e2e-spec.ts',
];
const IN_BAND = [...SERIAL, ...BALANCING];
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@platica/([a-z-]+)/([a-z-]+)$': '<rootDir>/libs/$1/src/$2.ts',
    '^@platica/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
  },
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.toolchain/'],
};

const integration = {
  ...shared,
  testMatch: ['<rootDir>/{apps,libs}/**/*.{integration,e2e}-spec.ts'],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,deploy,tools}/**/*.spec.ts'] },
    { ...integration, displayName: 'integration', testPathIgnorePatterns: IN_BAND.map((file) => `<rootDir>/${file}`) },
    { ...integration, displayName: 'integration-serial', testMatch: IN_BAND.map((file) => `<rootDir>/${file}`) },
  ],
  reporters: ['default', '<rootDir>/tools/jest/summary-reporter.js'],
  testTimeout: 120_000,
};
