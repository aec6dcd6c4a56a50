import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule, MetricsModule, PrismaModule, prismaPing, type Logger } from '@exs/platform';
import type { UploadsConfig } from './config.js';
import { PrismaClient } from './generated/prisma/client.js';
import { BLOB_STORE, type BlobStore } from './blobs/blob-store.js';
import { BlobStoreModule } from './blobs/blob-store.module.js';
import { DiskBlobStore } from './blobs/disk-blob-store.js';
import { S3BlobStore } from './blobs/s3-blob-store.js';
import { CLOCK, systemClock, type Clock } from './clock.js';
import { UPLOAD_OPTIONS, UploadService } from './uploads/upload.service.js';
import { SWEEPER_OPTIONS, SweeperService } from './uploads/sweeper.service.js';
import { UPLOADS_LOGGER, UploadsGrpcController } from './uploads.grpc.js';

export interface UploadsModuleOptions {
  /** Tests move time with this. */
  clock?: Clock;
}

/** The configured blob store: local disk by default, S3-compatible when UPLOADS_STORE=s3. */
export async function createBlobStore(config: UploadsConfig): Promise<BlobStore> {
  if (config.UPLOADS_STORE === 'disk') return new DiskBlobStore(config.UPLOADS_DIR);
  const store = new S3BlobStore({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
  if (config.S3_CREATE_BUCKET) await store.ensureBucket();
  return store;
}

@Module({})
export class UploadsModule {
  static forRoot(config: UploadsConfig, logger: Logger, opts: UploadsModuleOptions = {}): DynamicModule {
    return {
      module: UploadsModule,
      imports: [
        MetricsModule.forRoot('uploads'),
        PrismaModule.forRoot(PrismaClient, config.DATABASE_URL),
        BlobStoreModule.forRoot(() => createBlobStore(config)),
        HealthModule.forRoot({
          inject: [PrismaClient, BLOB_STORE],
          useFactory: (db: PrismaClient, blobs: BlobStore) => ({ database: prismaPing(db), blobStore: () => blobs.checkWritable() }),
        }),
      ],
      controllers: [UploadsGrpcController],
      providers: [
        UploadService,
        SweeperService,
        { provide: UPLOADS_LOGGER, useValue: logger },
        { provide: CLOCK, useValue: opts.clock ?? systemClock },
        { provide: UPLOAD_OPTIONS, useValue: { ttlMs: config.UPLOAD_TTL_HOURS * 3_600_000, maxBytes: config.UPLOAD_MAX_BYTES } },
        { provide: SWEEPER_OPTIONS, useValue: { intervalMs: config.UPLOAD_SWEEP_INTERVAL_SECONDS * 1000, logger } },
      ],
    };
  }
}
