import { MOBILE_BREAKPOINT_PX } from '@parley/contracts';
import { useMediaQuery } from './use-media-query';

/** docs/product.md §9: below 768 px the layout is the mobile one. */
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
