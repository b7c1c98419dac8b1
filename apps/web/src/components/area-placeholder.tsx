import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';

/**
 * A page whose area is not built (docs/product.md §2 marks it planned): its title, its subtitle and
 * an honest empty state. No sample data: the page says it is not built.
 */
export function AreaPlaceholder({
  title,
  subtitle,
  icon,
  emptyTitle,
  emptyDescription,
  before,
}: {
  title: string;
  subtitle: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
  before?: ReactNode;
}) {
  return (
    <Page>
      {before}
      <PageHeader title={title} subtitle={subtitle} />
      <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} />
    </Page>
  );
}
