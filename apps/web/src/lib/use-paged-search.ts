import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** The search is sent once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list searched and paged by cursor on the server: what is typed, the trimmed search sent once
 * typing pauses, and the cursors of the pages walked so far (a new search starts again at the first).
 */
export function usePagedSearch() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState<{ search: string; cursors: (string | null)[] }>({
    search: '',
    cursors: [null],
  });
  if (paging.search !== search) setPaging({ search, cursors: [null] });

  return {
    searchInput,
    setSearchInput,
    search,
    cursor: paging.cursors.at(-1) ?? null,
    /** 0 on the first page. */
    pageIndex: paging.cursors.length - 1,
    goToPreviousPage: () => setPaging((p) => ({ ...p, cursors: p.cursors.slice(0, -1) })),
    goToNextPage: (next: string) => setPaging((p) => ({ ...p, cursors: [...p.cursors, next] })),
  };
}
