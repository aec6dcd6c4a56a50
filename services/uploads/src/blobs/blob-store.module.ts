import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { BLOB_STORE, type BlobStore } from './blob-store.js';

/** Provides the blob store app-wide (the health check needs it too) and closes it at shutdown. */
@Module({})
export class BlobStoreModule implements OnApplicationShutdown {
  constructor(@Inject(BLOB_STORE) private readonly store: BlobStore & { close?: () => void }) {}

  static forRoot(factory: () => BlobStore | Promise<BlobStore>): DynamicModule {
    return { module: BlobStoreModule, global: true, providers: [{ provide: BLOB_STORE, useFactory: factory }], exports: [BLOB_STORE] };
  }

  onApplicationShutdown(): void {
    this.store.close?.();
  }
}
