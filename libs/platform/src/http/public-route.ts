import { SetMetadata } from '@nestjs/common';

/** Routes that need no authentication (health probes, public health). */
export const PUBLIC_ROUTE = 'exs:public';
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
