import { describe, expect, it } from 'vitest';
import { nextHeaderVisibility } from './header-visibility.js';

describe('nextHeaderVisibility', () => {
  it('hides when scrolling down past the top', () => {
    expect(nextHeaderVisibility(100, 180, true)).toBe(false);
  });
  it('shows when scrolling up', () => {
    expect(nextHeaderVisibility(400, 350, false)).toBe(true);
  });
  it('always shows under 10 px', () => {
    expect(nextHeaderVisibility(5, 9, false)).toBe(true);
    expect(nextHeaderVisibility(0, 0, false)).toBe(true);
  });
  it('hides at 10 px when moving down', () => {
    expect(nextHeaderVisibility(9, 10, true)).toBe(false);
  });
  it('keeps its state when the position does not move', () => {
    expect(nextHeaderVisibility(300, 300, false)).toBe(false);
    expect(nextHeaderVisibility(300, 300, true)).toBe(true);
  });
});
