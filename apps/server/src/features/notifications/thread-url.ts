/** The thread a notification or its e-mail links to: docs/product.md §2 /inbox/{threadId}. */
export function threadUrl(appOrigin: string, threadId: string): string {
  return `${appOrigin}/inbox/${encodeURIComponent(threadId)}`;
}
