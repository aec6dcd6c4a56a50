import { SetMetadata } from '@nestjs/common';

export { PUBLIC_ROUTE, Public } from '@exs/platform';

export const NOT_RATE_LIMITED = 'exs:not-rate-limited';
/** Authenticated but outside the rate limit (the spec exempts GET /v1/jobs/:id). */
export const NotRateLimited = () => SetMetadata(NOT_RATE_LIMITED, true);
