import { describe, expect, it } from 'vitest';
import { keyAction, swipeAction } from './swipe.js';

describe('swipeAction', () => {
  it('right is OUI, left is NON, up is Passer, from 80 px', () => {
    expect(swipeAction(80, 0)).toBe('yes');
    expect(swipeAction(-80, 10)).toBe('no');
    expect(swipeAction(5, -80)).toBe('skip');
  });

  it('below 80 px, or downwards, the card snaps back', () => {
    expect(swipeAction(79, 0)).toBeNull();
    expect(swipeAction(-79, 0)).toBeNull();
    expect(swipeAction(0, -79)).toBeNull();
    expect(swipeAction(0, 200)).toBeNull();
    expect(swipeAction(0, 0)).toBeNull();
  });

  it('the larger movement decides', () => {
    expect(swipeAction(90, -120)).toBe('skip');
    expect(swipeAction(-130, -120)).toBe('no');
    expect(swipeAction(100, 100)).toBe('yes');
  });
});

describe('keyAction', () => {
  it('→ OUI, ← NON, ↑ and ↓ Passer, other keys nothing', () => {
    expect(keyAction('ArrowRight')).toBe('yes');
    expect(keyAction('ArrowLeft')).toBe('no');
    expect(keyAction('ArrowUp')).toBe('skip');
    expect(keyAction('ArrowDown')).toBe('skip');
    expect(keyAction('Enter')).toBeNull();
  });
});
