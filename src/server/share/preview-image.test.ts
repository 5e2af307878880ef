import { afterAll, describe, expect, it } from 'vitest';
import { PreviewCache, type PreviewPicture } from './preview-image.js';
import { PreviewQueueFull, PreviewWorkers } from './preview-workers.js';

const picture = (name: string): PreviewPicture => ({
  kind: 'commune',
  preview: { name, votes: '3 votes', candidates: [{ name: 'Anne', share: 66.7 }] },
});
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, seconds));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// Real drawing threads, as the server runs them (here started from the TypeScript sources through tsx).
const workers = new PreviewWorkers();
afterAll(() => workers.close());

function countingCache(limits: { entries: number; bytes: number }) {
  const drawn: string[] = [];
  const cache = new PreviewCache((shown: PreviewPicture) => {
    drawn.push(shown.kind === 'commune' ? shown.preview.name : shown.preview.title);
    return workers.render(shown);
  }, limits);
  return { cache, drawn };
}

describe('PreviewCache', () => {
  it('draws each subject once, shares a render in progress, and drops the least recently used beyond its capacity', async () => {
    const { cache, drawn } = countingCache({ entries: 2, bytes: 1 << 30 });
    const [first, same] = await Promise.all([
      cache.get('a', 's1', at(0), () => picture('A')),
      cache.get('a', 's1', at(0), () => picture('A')),
    ]);
    expect(same).toBe(first);
    expect(drawn).toEqual(['A']);
    expect([...first.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    await cache.get('b', 's1', at(0), () => picture('B'));
    // "a" used again: "b" is now the least recently used, and goes when "c" comes.
    expect(await cache.get('a', 's1', at(1), () => picture('A'))).toBe(first);
    await cache.get('c', 's1', at(1), () => picture('C'));
    expect(cache.size).toBe(2);
    expect(drawn).toEqual(['A', 'B', 'C']);
    expect(await cache.get('a', 's1', at(2), () => picture('A'))).toBe(first);
    expect(drawn).toHaveLength(3);
    await cache.get('b', 's1', at(2), () => picture('B'));
    expect(drawn).toEqual(['A', 'B', 'C', 'B']);
  });

  it('holds no more PNG bytes than its bound, dropping the least recently used first', async () => {
    const { cache, drawn } = countingCache({ entries: 100, bytes: 1 << 30 });
    const a = await cache.get('a', 's1', at(0), () => picture('Saint-Denis'));
    const b = await cache.get('b', 's1', at(0), () => picture('Saint-Pierre'));
    // A bound that fits the two pictures drawn, not a third of the same kind.
    const bound = a.png.length + b.png.length + 100;
    const { cache: bounded } = countingCache({ entries: 100, bytes: bound });
    await bounded.get('a', 's1', at(0), () => picture('Saint-Denis'));
    await bounded.get('b', 's1', at(0), () => picture('Saint-Pierre'));
    expect(bounded.size).toBe(2);
    await bounded.get('c', 's1', at(0), () => picture('Saint-Paul'));
    expect(bounded.size).toBe(2);
    expect(bounded.bytes).toBeLessThanOrEqual(bound);
    expect(drawn).toEqual(['Saint-Denis', 'Saint-Pierre']);
    expect(cache.bytes).toBe(a.png.length + b.png.length);
  });

  it('keeps a picture 60 s after it was drawn although its state moved on, then draws the new state', async () => {
    const { cache, drawn } = countingCache({ entries: 10, bytes: 1 << 30 });
    const first = await cache.get('a', 'votes=1', at(0), () => picture('A'));
    expect(await cache.get('a', 'votes=2', at(59), () => picture('A (2)'))).toBe(first);
    expect(drawn).toHaveLength(1);
    const second = await cache.get('a', 'votes=2', at(60), () => picture('A (2)'));
    expect(second).not.toBe(first);
    expect(drawn).toHaveLength(2);
    // The same state later costs nothing, however old its picture.
    expect(await cache.get('a', 'votes=2', at(600), () => picture('A (2)'))).toBe(second);
    expect(drawn).toHaveLength(2);
  });
});

describe('PreviewWorkers', () => {
  it('refuses a picture when its queue is full instead of piling work up, and draws the others', async () => {
    const small = new PreviewWorkers({ workers: 1, maxQueued: 2 });
    try {
      // One being drawn, two waiting: the fourth is refused at once.
      const accepted = [small.render(picture('Un')), small.render(picture('Deux')), small.render(picture('Trois'))];
      await expect(small.render(picture('Quatre'))).rejects.toBeInstanceOf(PreviewQueueFull);
      for (const png of await Promise.all(accepted)) expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(small.queued).toBe(0);
    } finally {
      await small.close();
    }
  });
});
