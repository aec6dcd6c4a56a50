import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const infra = globalThis.__exsInfra;
  if (!infra) return;
  for (const server of infra.started.reverse()) await server.stop().catch(() => undefined);
  rmSync(infra.dir, { recursive: true, force: true });
  globalThis.__exsInfra = undefined;
}
