// Two projects: `unit` (*.spec.ts, no infrastructure) and `integration` (*.integration-spec.ts
// against real PostgreSQL, NATS and Temporal, and *.e2e-spec.ts through the gateway's HTTP).
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

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,deploy,tools}/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.{integration,e2e}-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
    },
  ],
  reporters: ['default', '<rootDir>/tools/jest/summary-reporter.js'],
  testTimeout: 120_000,
};
