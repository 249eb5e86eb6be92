export * from './http-client';
export * from './isolation';
export * from './test-stack';
export * from './wait';
