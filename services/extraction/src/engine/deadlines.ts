/**
 * How long each kind of engine call may take, from the moment it is submitted to the pool (waiting for a
 * thread included) until its reply is read. A call past its deadline is answered without the engine, and
 * the thread running it, if any, is terminated and replaced (engine-pool.ts; docs/operations.md).
 */
export interface EngineDeadlines {
  /** A sync extraction (`POST /v1/extract`). */
  syncMs: number;
  /** A job's extraction: this much, plus jobPerPageMs for each page. */
  jobMs: number;
  jobPerPageMs: number;
  /** The schema check and the page count (before any money is held). */
  checkMs: number;
}

/**
 * The defaults (and the environment's, in config.ts). The sync path's worst case, check + count + sync =
 * 80 s, stays under the gateway's 120 s deadline on its Extract call, so the caller always gets this
 * service's answer rather than the gateway's 503.
 */
export const DEFAULT_ENGINE_DEADLINES: EngineDeadlines = {
  syncMs: 60_000,
  jobMs: 120_000,
  jobPerPageMs: 6_000,
  checkMs: 10_000,
};
