/**
 * What a burst is (docs/decisions/040-burst-detection.md): on one prediction or commune, an origin (a keyed
 * hash of an address group) that casts, within 10 minutes, at least 40 votes from identities issued less than
 * an hour before, at least 90 % of them on one side. The flagged origins' votes on that side, in that span,
 * form the burst; flagged votes of one item and side less than 10 minutes apart merge into one burst.
 */

/** Span in which an origin's votes are counted together: a scripted burst fits in it; a day of honest use does not. */
export const BURST_WINDOW_MS = 10 * 60_000;
/**
 * Fresh-identity votes one origin must cast on one item within the window. A household, an office or a
 * school class behind one address rarely reaches it on one prediction; a script with 100 identities does.
 */
export const BURST_MIN_VOTES_PER_ORIGIN = 40;
/** Share of those votes on one side, in tenths of a percent (900 = 90 %): a real crowd behind one address splits. */
export const BURST_MIN_SIDE_PER_MILLE = 900;
/** An identity younger than this at its vote is "fresh": bought for the burst, not kept by a returning visitor. */
export const FRESH_IDENTITY_MS = 60 * 60_000;

/** One accepted vote on the item under examination. */
export interface BurstSignal {
  fingerprint: string;
  /** `yes` / `no`, or the candidate id on a commune. */
  side: string;
  origin: string;
  /** Epoch ms the identity was issued; null for identities issued before they were dated (old ones). */
  issuedAtMs: number | null;
  atMs: number;
}

/** A span of an item already decided by the operator on one side: its votes never form a new burst. */
export interface ClaimedSpan {
  side: string;
  firstMs: number;
  lastMs: number;
}

export interface FoundBurst {
  side: string;
  firstMs: number;
  lastMs: number;
  /** One vote per device: the devices whose votes the burst holds. */
  members: BurstSignal[];
  origins: number;
  /** Members whose identity was fresh at their vote. */
  fresh: number;
  /** Median age of the members' identities at their vote, in minutes (identities without a date left out). */
  medianAgeMinutes: number;
}

const isFresh = (signal: BurstSignal): boolean =>
  signal.issuedAtMs !== null && signal.atMs >= signal.issuedAtMs && signal.atMs - signal.issuedAtMs < FRESH_IDENTITY_MS;

/** One signal per device: its first vote's time, origin and identity, with the side it ended on. */
function perDevice(signals: readonly BurstSignal[]): BurstSignal[] {
  const byDevice = new Map<string, BurstSignal>();
  for (const signal of [...signals].sort((a, b) => a.atMs - b.atMs)) {
    const first = byDevice.get(signal.fingerprint);
    byDevice.set(signal.fingerprint, first ? { ...first, side: signal.side } : signal);
  }
  return [...byDevice.values()].sort((a, b) => a.atMs - b.atMs);
}

/** Each origin's qualifying spans: `[firstMs, lastMs]` of a window meeting the rule, with its dominant side. */
function flaggedSpans(votes: readonly BurstSignal[]): { side: string; firstMs: number; lastMs: number }[] {
  const fresh = votes.filter(isFresh);
  const spans: { side: string; firstMs: number; lastMs: number }[] = [];
  const sides = new Map<string, number>();
  let end = 0;
  for (let start = 0; start < fresh.length; start++) {
    while (end < fresh.length && fresh[end]!.atMs < fresh[start]!.atMs + BURST_WINDOW_MS) {
      const side = fresh[end]!.side;
      sides.set(side, (sides.get(side) ?? 0) + 1);
      end += 1;
    }
    const count = end - start;
    if (count >= BURST_MIN_VOTES_PER_ORIGIN) {
      let top: [string, number] = ['', 0];
      for (const entry of sides) if (entry[1] > top[1]) top = entry;
      if (top[1] * 1000 >= count * BURST_MIN_SIDE_PER_MILLE) {
        const span = { side: top[0], firstMs: fresh[start]!.atMs, lastMs: fresh[end - 1]!.atMs };
        const last = spans[spans.length - 1];
        // Overlapping windows of one side are one span: membership then checks a few spans, not one per vote.
        if (last && last.side === span.side && span.firstMs <= last.lastMs) last.lastMs = Math.max(last.lastMs, span.lastMs);
        else spans.push(span);
      }
    }
    const leaving = fresh[start]!.side;
    sides.set(leaving, sides.get(leaving)! - 1);
  }
  return spans;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/**
 * The bursts among one item's votes, earliest first. A flagged origin's votes on the burst's side within its
 * qualifying spans are members, fresh identities or not; its votes on the other side and all other origins'
 * votes are not. Votes inside a claimed span of their side are left out.
 */
export function findBursts(signals: readonly BurstSignal[], claimed: readonly ClaimedSpan[] = []): FoundBurst[] {
  const devices = perDevice(signals);
  const byOrigin = new Map<string, BurstSignal[]>();
  for (const vote of devices) {
    const list = byOrigin.get(vote.origin) ?? [];
    list.push(vote);
    byOrigin.set(vote.origin, list);
  }
  const members: BurstSignal[] = [];
  for (const votes of byOrigin.values()) {
    const spans = flaggedSpans(votes);
    if (spans.length === 0) continue;
    for (const vote of votes) {
      if (spans.some((span) => span.side === vote.side && vote.atMs >= span.firstMs && vote.atMs <= span.lastMs)) {
        members.push(vote);
      }
    }
  }
  const unclaimed = members.filter(
    (vote) => !claimed.some((span) => span.side === vote.side && vote.atMs >= span.firstMs && vote.atMs <= span.lastMs),
  );
  const bySide = new Map<string, BurstSignal[]>();
  for (const vote of unclaimed) {
    const list = bySide.get(vote.side) ?? [];
    list.push(vote);
    bySide.set(vote.side, list);
  }
  const bursts: FoundBurst[] = [];
  for (const [side, votes] of bySide) {
    votes.sort((a, b) => a.atMs - b.atMs);
    let group: BurstSignal[] = [];
    const close = () => {
      if (group.length === 0) return;
      const ages = group.flatMap((vote) => (vote.issuedAtMs === null ? [] : [(vote.atMs - vote.issuedAtMs) / 60_000]));
      bursts.push({
        side,
        firstMs: group[0]!.atMs,
        lastMs: group[group.length - 1]!.atMs,
        members: group,
        origins: new Set(group.map((vote) => vote.origin)).size,
        fresh: group.filter(isFresh).length,
        medianAgeMinutes: Math.round(median(ages)),
      });
      group = [];
    };
    for (const vote of votes) {
      const previous = group[group.length - 1];
      if (previous && vote.atMs - previous.atMs > BURST_WINDOW_MS) close();
      group.push(vote);
    }
    close();
  }
  return bursts.sort((a, b) => a.firstMs - b.firstMs || (a.side < b.side ? -1 : 1));
}
