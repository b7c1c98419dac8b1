/**
 * docs/product.md §2 Help: every keyboard shortcut, as the Help page lists them. The one list: the keys
 * are handled by app/layout/shortcuts.ts (everywhere) and features/inbox/inbox-triage.ts (the inbox).
 * `keys`: keys pressed together in one chord, chords one after another.
 */
export const KEYBOARD_SHORTCUTS: readonly { keys: readonly string[][]; action: string; where: string }[] = [
  { keys: [['/']], action: 'Focuses search', where: 'Everywhere' },
  { keys: [['g'], ['i']], action: 'Goes to inbox', where: 'Everywhere' },
  { keys: [['g'], ['a']], action: 'Goes to analytics', where: 'Everywhere' },
  { keys: [['c']], action: 'Logs an investor message', where: 'Everywhere' },
  { keys: [['Cmd/Ctrl', 'K']], action: 'Opens the command palette', where: 'Everywhere' },
  { keys: [['j']], action: 'Moves to the next message', where: 'Inbox' },
  { keys: [['k']], action: 'Moves to the previous message', where: 'Inbox' },
  { keys: [['Enter']], action: 'Opens the message', where: 'Inbox' },
  { keys: [['e']], action: 'Resolves the message (with Undo)', where: 'Inbox' },
  { keys: [['x']], action: 'Selects the message for a bulk action', where: 'Inbox' },
];
