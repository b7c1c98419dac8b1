import { TEXTS } from '@parley/contracts';
import { Spinner } from '@/components/ui/spinner';

/** The whole-screen spinner while the session (or a first route) loads. docs/product.md §2: 'Loading...'. */
export function LoadingScreen({ label = TEXTS.loading }: { label?: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center p-6">
      <Spinner label={label} />
    </div>
  );
}
