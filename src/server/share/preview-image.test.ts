import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { communeElement, PreviewCache, renderPng } from './preview-image.js';

const element = (name: string) => communeElement({ name, votes: '3 votes', candidates: [{ name: 'Anne', share: 66.7 }] });

describe('PreviewCache', () => {
  it('draws each state once, shares a render in progress, and drops the least recently used beyond its capacity', async () => {
    const drawn: string[] = [];
    const cache = new PreviewCache(2, (picture: ReactElement) => {
      drawn.push(String(picture.type));
      return renderPng(picture);
    });
    const [first, same] = await Promise.all([cache.get('a', () => element('A')), cache.get('a', () => element('A'))]);
    expect(same).toBe(first);
    expect(drawn).toHaveLength(1);
    expect([...first.png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');

    await cache.get('b', () => element('B'));
    // "a" used again: "b" is now the least recently used, and goes when "c" comes.
    expect(await cache.get('a', () => element('A'))).toBe(first);
    await cache.get('c', () => element('C'));
    expect(cache.size).toBe(2);
    expect(drawn).toHaveLength(3);
    expect(await cache.get('a', () => element('A'))).toBe(first);
    expect(drawn).toHaveLength(3);
    await cache.get('b', () => element('B'));
    expect(drawn).toHaveLength(4);
  });
});
