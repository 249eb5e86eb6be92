export * from './error-code';
export * from './domain-error';
export * from './zod-issues';
export * from './input-text';
