import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { communeElement, PreviewCache, renderPng } from './preview-image.js';

const element = (name: string) => communeElement({ name, votes: '3 votes', candidates: [{ name: 'Anne', share: 66.7 }] });
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, seconds));

function countingCache(capacity: number) {
  const drawn: string[] = [];
  const cache = new PreviewCache(capacity, (picture: ReactElement) => {
    drawn.push(String(picture.type));
    return renderPng(picture);
  });
  return { cache, drawn };
}

describe('PreviewCache', () => {
  it('draws each subject once, shares a render in progress, and drops the least recently used beyond its capacity', async () => {
    const { cache, drawn } = countingCache(2);
    const [first, same] = await Promise.all([
      cache.get('a', 's1', at(0), () => element('A')),
      cache.get('a', 's1', at(0), () => element('A')),
    ]);
    expect(same).toBe(first);
    expect(drawn).toHaveLength(1);
    expect([...first.png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');

    await cache.get('b', 's1', at(0), () => element('B'));
    // "a" used again: "b" is now the least recently used, and goes when "c" comes.
    expect(await cache.get('a', 's1', at(1), () => element('A'))).toBe(first);
    await cache.get('c', 's1', at(1), () => element('C'));
    expect(cache.size).toBe(2);
    expect(drawn).toHaveLength(3);
    expect(await cache.get('a', 's1', at(2), () => element('A'))).toBe(first);
    expect(drawn).toHaveLength(3);
    await cache.get('b', 's1', at(2), () => element('B'));
    expect(drawn).toHaveLength(4);
  });

  it('keeps a picture 60 s after it was drawn although its state moved on, then draws the new state', async () => {
    const { cache, drawn } = countingCache(10);
    const first = await cache.get('a', 'votes=1', at(0), () => element('A'));
    expect(await cache.get('a', 'votes=2', at(59), () => element('A (2)'))).toBe(first);
    expect(drawn).toHaveLength(1);
    const second = await cache.get('a', 'votes=2', at(60), () => element('A (2)'));
    expect(second).not.toBe(first);
    expect(drawn).toHaveLength(2);
    // The same state later costs nothing, however old its picture.
    expect(await cache.get('a', 'votes=2', at(600), () => element('A (2)'))).toBe(second);
    expect(drawn).toHaveLength(2);
  });
});
