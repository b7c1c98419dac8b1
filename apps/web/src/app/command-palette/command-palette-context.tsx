import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { CommandPalette } from './command-palette';

type CommandPaletteContextValue = {
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
};

const CommandPaletteContext = createContext<CommandPaletteContextValue | null>(null);

export function useCommandPalette(): CommandPaletteContextValue {
  const context = useContext(CommandPaletteContext);
  if (!context) throw new Error('useCommandPalette is used outside CommandPaletteProvider');
  return context;
}

/**
 * The signed-in layout's command palette (docs/product.md §2 Help: Cmd/Ctrl+K): one instance, opened by the
 * shortcut or the top bar's search button. Only the palette and its openers re-render on a toggle.
 */
export function CommandPaletteProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((open) => !open), []);
  const value = useMemo(() => ({ isOpen, setOpen, toggle }), [isOpen, toggle]);
  return (
    <CommandPaletteContext value={value}>
      {children}
      <CommandPalette open={isOpen} onOpenChange={setOpen} />
    </CommandPaletteContext>
  );
}
