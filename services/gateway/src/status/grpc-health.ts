import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';

type CheckCallback = (err: grpc.ServiceError | null, res?: { status: string }) => void;
type HealthStub = grpc.Client & { check(req: { service: string }, options: grpc.CallOptions, cb: CheckCallback): void };

const HealthClient = grpc.makeClientConstructor(healthService as unknown as grpc.ServiceDefinition, 'grpc.health.v1.Health');

/**
 * A `grpc.health.v1.Health/Check` client for one internal service, the standard probe every service
 * serves beside its API. Reconnect backoff is kept short (2 s at most instead of grpc-js' 120 s) so a
 * restarted service shows as up on the next probe rather than minutes later.
 */
export class GrpcHealthProbe {
  private readonly client: HealthStub;

  constructor(url: string) {
    this.client = new HealthClient(url, grpc.credentials.createInsecure(), {
      'grpc.initial_reconnect_backoff_ms': 200,
      'grpc.max_reconnect_backoff_ms': 2000,
    }) as unknown as HealthStub;
  }

  /**
   * Resolves when the service answers SERVING within `timeoutMs`; rejects with a short public reason otherwise.
   * `service`: '' asks about the process, a full service name about that API.
   */
  check(timeoutMs: number, service = ''): Promise<void> {
    return new Promise((resolve, reject) => {
      this.client.check({ service }, { deadline: Date.now() + timeoutMs }, (err, res) => {
        if (err) reject(new Error(err.code === grpc.status.DEADLINE_EXCEEDED ? 'timed out' : 'unreachable'));
        else if (res?.status !== 'SERVING') reject(new Error('not serving'));
        else resolve();
      });
    });
  }

  close(): void {
    this.client.close();
  }
}
