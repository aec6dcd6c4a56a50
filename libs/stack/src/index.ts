export * from './topology.js';
export * from './service-process.js';
export * from './stack.js';
export * from './mail-inbox.js';
