/**
 * The engine's limits on a caller's schema that the gateway can check from the JSON alone, so a hostile
 * schema is refused at the edge before it is serialised (a deep one overflows JSON.stringify) or sent over
 * gRPC. They repeat `SCHEMA_LIMITS.maxJsonDepth` and `.maxSchemaBytes` of @exs/engine
 * (libs/engine/src/schema/limits.ts, counted the same way), which the gateway does not depend on. The
 * engine checks them again, with what needs the schema read as a schema (field nesting, leaf count, $ref
 * expansion). Change them together.
 */
export const SCHEMA_LIMITS = {
  /** Containers nested in the schema's JSON: `{}` is 1 level. */
  maxJsonDepth: 128,
  /** The schema's JSON text (as serialised for the engine), in UTF-8 bytes: 512 KiB. */
  maxSchemaBytes: 512 * 1024,
} as const;

/** A request body wraps the schema one level down (`{"schema": {...}, "document": {...}}`). */
export const BODY_MAX_JSON_DEPTH = SCHEMA_LIMITS.maxJsonDepth + 1;
