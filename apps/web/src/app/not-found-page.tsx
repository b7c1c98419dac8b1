import { TEXTS } from '@parley/contracts';
import { Link } from 'react-router';
import { PublicShell } from '@/components/public-shell';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** Any unknown path (public, docs/product.md §2). */
export function NotFoundPage() {
  return (
    <PublicShell>
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="font-semibold text-6xl text-muted-foreground tracking-tight">404</p>
        <h1 className="font-semibold text-2xl">{TEXTS.notFound}</h1>
        <p className="max-w-sm text-muted-foreground text-sm">
          The page you are looking for does not exist or has moved.
        </p>
        <Button asChild>
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </PublicShell>
  );
}
