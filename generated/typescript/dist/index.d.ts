export * from './model.js';
export * from './runtime/check.js';
export * from './runtime/parse.js';
export * from './runtime/roles.js';
export * from './runtime/scan.js';
export * from './runtime/state.js';
