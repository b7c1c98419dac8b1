import { afterEach, describe, expect, it } from 'vitest';
import { getAppVersion, isOtherBuild, noteServedBuild, resetAppVersion } from './app-version';

afterEach(resetAppVersion);

describe('isOtherBuild', () => {
  it('is true only when both builds are known and differ', () => {
    expect(isOtherBuild('a1', 'b2')).toBe(true);
    expect(isOtherBuild('a1', 'a1')).toBe(false);
    expect(isOtherBuild(null, 'b2')).toBe(false);
    expect(isOtherBuild('a1', null)).toBe(false);
  });
});

describe('noteServedBuild', () => {
  it('offers the new version once a server answer names another build, and keeps offering it', () => {
    noteServedBuild('a1', 'a1');
    expect(getAppVersion().isAvailable).toBe(false);
    noteServedBuild('b2', 'a1');
    expect(getAppVersion().isAvailable).toBe(true);
    // An instance still on the old build (a rolling deploy) does not take the offer back.
    noteServedBuild('a1', 'a1');
    expect(getAppVersion().isAvailable).toBe(true);
  });

  it('offers nothing in development, where the page has no build id', () => {
    noteServedBuild('b2', null);
    expect(getAppVersion().isAvailable).toBe(false);
  });
});
