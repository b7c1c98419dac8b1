import { describe, expect, it } from 'vitest';
import { buildAuthPath, paths } from './paths';

describe('paths', () => {
  it('builds a thread path with the id encoded', () => {
    expect(paths.thread.build('abc')).toBe('/inbox/abc');
    expect(paths.thread.build('a/b c')).toBe('/inbox/a%2Fb%20c');
  });

  it('builds a project path', () => {
    expect(paths.project.build('p1')).toBe('/projects/p1');
  });

  it('builds the invitation link of SPEC §9', () => {
    expect(buildAuthPath('tok+en')).toBe('/auth?token=tok%2Ben');
    expect(buildAuthPath()).toBe('/auth');
  });

  it('registers no static route twice', () => {
    const statics = Object.values(paths).filter((value): value is string => typeof value === 'string');
    expect(new Set(statics).size).toBe(statics.length);
  });
});
