export { startPostgres, ensureDatabase, dropDatabase, databaseUrl, type StartPostgresOptions } from './postgres.js';
export { startRedis, type StartRedisOptions } from './redis.js';
export { startNats, type StartNatsOptions, type RunningNats } from './nats.js';
export { startMailpit, ensureMailpit, type StartMailpitOptions, type RunningMailpit } from './mailpit.js';
export { startStripeMock, ensureStripeMock, type StartStripeMockOptions, type RunningStripeMock } from './stripe-mock.js';
export type { RunningServer } from './server.js';
export { ensureBinary, findBinary, aptInstall } from './binaries.js';
export { ensureTesseract, TESSERACT_LANGUAGES, TESSERACT_PACKAGES, type TesseractReady, type EnsureTesseractOptions } from './tesseract.js';
export { ensureChromium, CHROMIUM_BIN, CHROMIUM_PACKAGES, type ChromiumReady, type EnsureChromiumOptions } from './chromium.js';
export { getFreePort, isPortOpen, waitUntil, HOST } from './net.js';
export { redisPing, redisPid, natsPing, pgPing, type NatsInfo } from './probes.js';
export { killAndWait, isAlive } from './process.js';

/** The per-service databases of the stack. */
export const SERVICE_DATABASES = ['exs_gateway', 'exs_uploads', 'exs_extraction', 'exs_billing', 'exs_webhooks', 'exs_dashboard'] as const;
