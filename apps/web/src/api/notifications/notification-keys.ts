/** The signed-in user's notifications (the bell); a realtime `notification.created` invalidates `all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
