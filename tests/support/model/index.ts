export * from './machine-graph';
export * from './paths';
export * from './actors';
export * from './delays';
export * from './walk';
export * from './walk-vitest';
