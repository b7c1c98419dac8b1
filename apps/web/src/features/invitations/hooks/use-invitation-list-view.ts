import type { InvitationTab } from '@parley/contracts';
import { useState } from 'react';

type ListView = {
  tab: InvitationTab;
  showDeleted: boolean;
  /** The cursors of the pages walked so far; the last one is the page shown. */
  cursors: (string | null)[];
};

/**
 * What the manage list shows: a tab, 'Show deleted', and a page. A new tab or filter starts again
 * at the first page.
 */
export function useInvitationListView() {
  const [view, setView] = useState<ListView>({ tab: 'all', showDeleted: false, cursors: [null] });
  const cursor = view.cursors.at(-1) ?? null;
  return {
    tab: view.tab,
    showDeleted: view.showDeleted,
    cursor,
    /** 1 on the first page. */
    pageNumber: view.cursors.length,
    /** Names the page of rows shown: a selection belongs to one page. */
    pageKey: JSON.stringify([view.tab, view.showDeleted, view.cursors.length, cursor]),
    changeTab: (tab: InvitationTab) => setView((current) => ({ ...current, tab, cursors: [null] })),
    changeShowDeleted: (showDeleted: boolean) =>
      setView((current) => ({ ...current, showDeleted, cursors: [null] })),
    goToPreviousPage: () => setView((current) => ({ ...current, cursors: current.cursors.slice(0, -1) })),
    goToNextPage: (next: string) =>
      setView((current) => ({ ...current, cursors: [...current.cursors, next] })),
  };
}
