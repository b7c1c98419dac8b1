import { type Capability, hasCapability, TEXTS } from '@parley/contracts';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';

/**
 * A page only some roles may open: docs/product.md §6's email health page, and every page their menu leaves
 * out
 * (router.tsx). Others see 'Verifying access...', get the 'Access Denied' toast and go to /. The
 * server enforces the same capability on every call; this only spares the user a page of errors.
 */
export function RequireCapability({ capability }: { capability: Capability }) {
  const { role } = useSignedInSession();
  const isAllowed = hasCapability(role, capability);
  const navigate = useNavigate();

  useEffect(() => {
    if (isAllowed) return;
    // A fixed id: React's development double effects must not show the toast twice.
    toast.error(TEXTS.accessDeniedTitle, { id: 'access-denied', description: TEXTS.accessDeniedBody });
    void navigate(paths.home, { replace: true });
  }, [isAllowed, navigate]);

  if (!isAllowed) return <Spinner label={TEXTS.verifyingAccess} className="py-24" />;
  return <Outlet />;
}
