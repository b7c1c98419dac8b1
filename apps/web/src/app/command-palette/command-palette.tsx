import { Command } from 'cmdk';
import { LoaderCircle, LogOut, type LucideIcon, Mail, Search, SunMoon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGE_SEARCH_MIN_CHARS, useMessageSearch } from '@/api/messages/list-messages';
import { useTheme } from '@/components/theme-provider';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useSignOut } from '@/features/auth/api/sign-out';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { buildMenu } from '../layout/menu';
import { MENU_ICONS } from '../layout/menu-icons';
import { matchesPaletteSearch } from './palette-search';

type PaletteAction = { id: string; title: string; keywords: string[]; icon: LucideIcon; run: () => void };

const groupClass =
  'px-1 py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:text-xs';
const itemClass =
  'flex min-h-10 cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground';

function PaletteItem({
  value,
  icon: Icon,
  onSelect,
  children,
}: {
  value: string;
  icon: LucideIcon;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Command.Item value={value} onSelect={onSelect} className={itemClass}>
      <Icon aria-hidden="true" />
      {children}
    </Command.Item>
  );
}

/**
 * Cmd/Ctrl+K (docs/product.md §2 Help): the pages the role may open (the sidebar's menu), a few actions, and
 * the messages whose investor name or subject matches what is typed. Arrow keys move, Enter opens.
 */
export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        data-command-palette=""
        className="top-4 translate-y-0 gap-0 overflow-hidden p-0 sm:top-[12vh] sm:max-w-xl"
      >
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">
          Go to a page, run an action or find a message by investor name or subject.
        </DialogDescription>
        {/* Mounted only while open, so every opening starts with an empty search. */}
        {open ? <PaletteBody close={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const { role } = useSignedInSession();
  const { resolvedTheme, setPreference } = useTheme();
  const signOut = useSignOut();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 200);
  const messageQuery = debounced.trim().length >= MESSAGE_SEARCH_MIN_CHARS ? debounced.trim() : '';
  const messages = useMessageSearch(messageQuery);
  const isSearchingMessages = search.trim().length >= MESSAGE_SEARCH_MIN_CHARS;

  const pages = useMemo(
    () =>
      buildMenu(role).flatMap((group) =>
        group.items.map((item) => ({ ...item, keywords: [item.title, group.label] })),
      ),
    [role],
  );
  const actions: PaletteAction[] = [
    {
      id: 'theme',
      title: 'Toggle theme',
      keywords: ['dark', 'light', 'mode', 'appearance', 'theme'],
      icon: SunMoon,
      run: () => setPreference(resolvedTheme === 'dark' ? 'light' : 'dark'),
    },
    {
      id: 'sign-out',
      title: 'Sign out',
      keywords: ['log out', 'logout', 'sign out', 'leave'],
      icon: LogOut,
      run: () => signOut.mutate(),
    },
  ];

  const shownPages = pages.filter((page) => matchesPaletteSearch(search, page.keywords));
  const shownActions = actions.filter((action) =>
    matchesPaletteSearch(search, [action.title, ...action.keywords]),
  );
  const found = messageQuery && isSearchingMessages ? (messages.data?.items ?? []) : [];
  const isLoadingMessages =
    isSearchingMessages && (search.trim() !== messageQuery || messages.isFetching) && found.length === 0;
  const hasNothing =
    shownPages.length === 0 &&
    shownActions.length === 0 &&
    found.length === 0 &&
    !isLoadingMessages &&
    !messages.isError;

  function run(action: () => void) {
    close();
    action();
  }

  return (
    <Command label="Search pages, actions and messages" shouldFilter={false} vimBindings={false} loop>
      <div className="flex items-center gap-2 border-b px-3">
        <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder="Type a page, an action or an investor…"
          maxLength={200}
          className="h-12 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
        />
      </div>
      <Command.List
        label="Results"
        className="max-h-[min(24rem,calc(100svh-8rem))] overflow-y-auto overscroll-contain"
      >
        {hasNothing ? (
          <p className="px-3 py-6 text-center text-muted-foreground text-sm" role="status">
            No pages, actions or messages match “{search.trim()}”.
          </p>
        ) : null}
        {shownPages.length > 0 ? (
          <Command.Group heading="Pages" className={groupClass}>
            {shownPages.map((page) => (
              <PaletteItem
                key={page.id}
                value={`page:${page.id}`}
                icon={MENU_ICONS[page.id]}
                onSelect={() => run(() => navigate(page.to))}
              >
                <span className="truncate">{page.title}</span>
                <span className="ml-auto text-muted-foreground text-xs">{page.keywords[1]}</span>
              </PaletteItem>
            ))}
          </Command.Group>
        ) : null}
        {shownActions.length > 0 ? (
          <Command.Group heading="Actions" className={groupClass}>
            {shownActions.map((action) => (
              <PaletteItem
                key={action.id}
                value={`action:${action.id}`}
                icon={action.icon}
                onSelect={() => run(action.run)}
              >
                <span className="truncate">{action.title}</span>
              </PaletteItem>
            ))}
          </Command.Group>
        ) : null}
        {isSearchingMessages ? (
          <Command.Group heading="Messages" className={groupClass}>
            {found.map((message) => (
              <PaletteItem
                key={message.id}
                value={`message:${message.id}`}
                icon={Mail}
                onSelect={() => run(() => navigate(paths.thread.build(message.id)))}
              >
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{message.investor_name}</span>
                  <span className="truncate text-muted-foreground text-xs">{message.subject}</span>
                </span>
              </PaletteItem>
            ))}
            {isLoadingMessages ? (
              <Command.Loading label="Searching messages">
                <span className="flex items-center gap-2 px-2 py-2 text-muted-foreground text-sm">
                  <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                  Searching messages...
                </span>
              </Command.Loading>
            ) : messages.isError ? (
              <p className="px-2 py-2 text-destructive text-sm" role="alert">
                Messages could not be searched. Try again.
              </p>
            ) : found.length === 0 && messageQuery === search.trim() ? (
              <p className="px-2 py-2 text-muted-foreground text-sm">No messages match.</p>
            ) : null}
          </Command.Group>
        ) : null}
      </Command.List>
      <div className="hidden items-center gap-3 border-t px-3 py-2 text-muted-foreground text-xs sm:flex">
        <span>
          <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to move
        </span>
        <span>
          <kbd className="font-sans">Enter</kbd> to open
        </span>
        <span>
          <kbd className="font-sans">Esc</kbd> to close
        </span>
      </div>
    </Command>
  );
}
