import { type Capability, hasCapability, TEXTS } from '@parley/contracts';
import { ShieldX } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';

/**
 * A page only some roles may open: docs/product.md §6's email health page, and every page their menu leaves
 * out (router.tsx). Others see the page's own 'Access Denied' state where the page would be, once, with the
 * way back to the inbox: no toast and no redirect (docs/decisions/048-no-placeholders.md). The server
 * enforces the same capability on every call; this only spares the user a page of errors.
 */
export function RequireCapability({ capability }: { capability: Capability }) {
  const { role } = useSignedInSession();
  if (hasCapability(role, capability)) return <Outlet />;
  return (
    <Page>
      <EmptyState
        icon={ShieldX}
        title={TEXTS.accessDeniedTitle}
        description={TEXTS.accessDeniedBody}
        isPageHeading
      >
        <Button asChild variant="outline">
          <Link to={paths.inbox}>Go to the inbox</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}
