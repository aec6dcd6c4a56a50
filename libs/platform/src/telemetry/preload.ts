// Loaded with `node --import <this file>` before the service: ESM modules are only instrumented when
// the loader hook is registered and the SDK started before the application imports them.
import { register } from 'node:module';
import { startTelemetry } from './tracing.js';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
startTelemetry(process.env.SERVICE_NAME ?? 'exs');
