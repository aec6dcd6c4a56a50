export * from './errors/error-catalog.js';
