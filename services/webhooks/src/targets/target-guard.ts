// The SSRF gate is shared with the MCP server's document fetcher: it lives in libs/platform.
export {
  MAX_URL_LENGTH,
  RESOLVER,
  TargetGuard,
  TargetRefusedError,
  systemResolver,
  type RefusalReason,
  type ResolvedAddress,
  type ResolvedTarget,
  type Resolver,
  type TargetPolicy,
} from '@exs/platform';
