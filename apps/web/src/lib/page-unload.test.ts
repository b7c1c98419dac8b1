import { describe, expect, it } from 'vitest';
import { isPageUnloading, watchPageUnload } from './page-unload';

function fakeWindow() {
  const listeners = new Map<string, () => void>();
  return {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    fire: (type: string) => listeners.get(type)?.(),
  };
}

describe('isPageUnloading', () => {
  it('is false until the page starts to go, and false again when it is restored from the cache', () => {
    const target = fakeWindow();
    watchPageUnload(target as unknown as Window);
    expect(isPageUnloading()).toBe(false);
    target.fire('beforeunload');
    expect(isPageUnloading()).toBe(true);
    target.fire('pageshow');
    expect(isPageUnloading()).toBe(false);
    target.fire('pagehide');
    expect(isPageUnloading()).toBe(true);
  });
});
