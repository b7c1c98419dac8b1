import { type SsoDiscoveryResponse, ssoDiscoveryResponseSchema } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/** A pause in typing before the address is looked up: one request per address, not per key. */
const DISCOVERY_DEBOUNCE_MS = 400;

/** Enough of an address to ask about (the server validates it properly): something@domain.tld. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** GET /api/auth/sso?email=: whether the address's domain signs in with a provider, and where to start. */
export function discoverSso(email: string, signal?: AbortSignal): Promise<SsoDiscoveryResponse> {
  return api.get(`/api/auth/sso?${new URLSearchParams({ email })}`, {
    signal,
    parser: ssoDiscoveryResponseSchema,
  });
}

/**
 * The provider of the address being typed on the sign-in page, once it looks like an address and
 * typing has paused; null while there is none, or when the lookup failed (the password form still
 * works, so a failure is not shown).
 */
export function useSsoDiscovery(email: string) {
  // Starts empty, unlike useDebouncedValue: the first address typed waits for the pause too (every
  // lookup counts against the client address's limit, SSO_LOOKUPS_PER_ADDRESS on the server).
  const [address, setAddress] = useState('');
  const typed = email.trim().toLowerCase();
  useEffect(() => {
    const timer = window.setTimeout(() => setAddress(typed), DISCOVERY_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const isAddress = LOOKS_LIKE_EMAIL.test(address);
  const query = useQuery({
    queryKey: ['sso-discovery', address],
    queryFn: ({ signal }) => discoverSso(address, signal),
    enabled: isAddress,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return isAddress ? (query.data?.sso ?? null) : null;
}
