// The dice shared by the games and the CLI: one spec parser, seeded rolls, exact distributions.
export * from './spec.js';
export * from './roll.js';
export * from './dist.js';
export * from './format.js';
export * from './messages.js';
export * from './rules.js';
export * from './tables.js';
export * from './gauss.js';
export * from './trial.js';
export * from './mechanics.js';
export * from './verify.js';
