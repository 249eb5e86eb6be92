export * from './http-client';
export * from './isolation';
export * from './test-stack';
export * from './wait';
export * from './fake-meta-graph';
export * from './messaging-workspace';
export * from './fake-llm';
export * from './http-target';
