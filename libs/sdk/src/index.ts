export { Exs, type DataOf, type UploadOptions, type UploadProgress, type UploadSource, type WaitForJobOptions } from './client.js';
export { SERVICE_VERSION, type ClientOptions, type RequestOptions } from './transport.js';
export { DEFAULT_RETRY, type RetryOptions } from './retry.js';
export { ListPromise } from './pagination.js';
export { verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions, type WebhookHeaders } from './webhooks.js';
export type { FromSchema, FieldMap } from './schema-types.js';
export * from './errors.js';
export type * from './types.js';
