import type { Role } from '@parley/contracts';
import type { Actor } from '../auth/actor';
import type { SessionContext } from '../auth/sessions';

/** What the middleware chain puts on the Hono context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** The caller's address, behind the trusted proxies (`http/client-address.ts`). */
    clientAddress: string | null;
    /** Set by the policy guard on every route that is not public. */
    session: SessionContext;
    role: Role;
    /** Who is calling, for services (set with `session`). */
    actor: Actor;
  };
};
