import type { SessionResponse } from '@parley/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { LoadingScreen } from '@/components/loading-screen';

/**
 * Loaded once a session owes MFA: the sign-in page's first download leaves the dialogs out
 * (docs/architecture.md, "Code splitting"). A failed load reaches the route's error page.
 */
const MfaGateScreen = lazy(async () => ({ default: (await import('./mfa-gate-screen')).MfaGateScreen }));

/**
 * docs/product.md §4 steps 3-4: a session that still owes MFA shows the MFA dialog and nothing else — after
 * the password, a magic link, the setup link, an invitation, or a reload. Returns the gate while it
 * is owed (or while the just-enrolled user is still saving recovery codes), else null.
 */
export function useMfaGate(session: SessionResponse | null | undefined): ReactNode {
  // Enrolment raises the session before the codes are saved: hold the gate until Finish, so a
  // refetch of the session (window focus) cannot whisk the recovery codes away.
  const [isHeld, setHeld] = useState(false);
  if (!session || (session.mfa === 'none' && !isHeld)) return null;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <MfaGateScreen session={session} onHoldChange={setHeld} />
    </Suspense>
  );
}
