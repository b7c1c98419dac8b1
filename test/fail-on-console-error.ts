import { afterEach, beforeEach, expect, vi } from 'vitest';

/** STYLE.md: an unexpected console.error fails the test that caused it. */
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  expect(calls, 'unexpected console.error').toEqual([]);
});
