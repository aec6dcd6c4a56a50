import { fileURLToPath } from 'node:url';
import { baseConfigSchema, grpcServerConfigSchema, databaseConfigSchema, loadConfig, z } from '@exs/platform';

/** `<repo>/.data/uploads` (src/ and dist/ both sit two levels below the repo root). */
const DEFAULT_UPLOADS_DIR = fileURLToPath(new URL('../../../.data/uploads', import.meta.url));

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const uploadsConfigSchema = baseConfigSchema.extend(grpcServerConfigSchema.shape).extend(databaseConfigSchema.shape).extend({
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(9101),
  GRPC_PORT: z.coerce.number().int().min(1).max(65535).default(50051),
  /** Hours a staged object lives before the sweeper removes it (docs/uploads.md). */
  UPLOAD_TTL_HOURS: z.coerce.number().positive().default(24),
  /** The service's own cap on one object; a Stage header may only lower it (50 MiB, the public limit). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(50 * 1024 * 1024),
  /** How often expired objects and rows are swept. */
  UPLOAD_SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().default(300),
  /** Where bytes live: the local disk (one machine) or an S3-compatible bucket (clusters). */
  UPLOADS_STORE: z.enum(['disk', 's3']).default('disk'),
  UPLOADS_DIR: z.string().min(1).default(DEFAULT_UPLOADS_DIR),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  /** Without these the AWS SDK's default credential chain applies (instance/pod roles). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (`endpoint/bucket/key`), which MinIO, Ceph and moto need. */
  S3_FORCE_PATH_STYLE: flag.default(true),
  /** Create the bucket at start-up when missing (development and tests). */
  S3_CREATE_BUCKET: flag.default(false),
}).refine((c) => c.UPLOADS_STORE !== 's3' || !!c.S3_BUCKET, { message: 'S3_BUCKET is required when UPLOADS_STORE=s3', path: ['S3_BUCKET'] });

export type UploadsConfig = z.infer<typeof uploadsConfigSchema>;
export const loadUploadsConfig = () => loadConfig(uploadsConfigSchema);
