/** Query keys of the Admin panel; mutations invalidate by these prefixes. */
export const adminKeys = {
  all: ['admin'] as const,
  systemHealth: () => [...adminKeys.all, 'system-health'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userPage: (search: string, cursor: string | null) => [...adminKeys.users(), { search, cursor }] as const,
};
