export * from './rpc';
export * from './events';
export * from './subjects';
export * from './seed';
export * from './admin';
export * from './workspaces';
export * from './agents';
