export * from './ports';
export * from './database';
export * from './temporal-dev-server';
export * from './service-processes';
export * from './stack';
