import { PROTECTION_MESSAGES } from '../../shared/messages.js';
import { reunionDay } from '../../shared/reunion-day.js';
import type { ChallengeAnswer, ChallengeRequest, ProofChallenge } from '../../shared/vote-protection.js';
import type { ProtectionConfig } from '../config.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import { addressGroup } from '../http/address-group.js';
import type { BudgetCounters } from './budget-counters.js';
import { checkProof, createBoundChallenge, type ChallengeBinding } from './challenges.js';
import type { DailyFigures } from './daily-figures.js';
import { maxNumberFor, paidDoublings } from './difficulty.js';
import { identityIssuedAtMs, isIssuedIdentity, issueIdentity } from './identity.js';
import { keyedHash, type ProtectionKeys } from './keys.js';
import { Memo } from '../memo.js';
import { spendChallenge, type ChallengeSpend, type CounterHit } from './protection-repository.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/**
 * A proof is accepted while the price due when it is spent is at most this many times the price it paid:
 * challenges asked together are priced alike, and spending them one after the other raises the price, so
 * without this margin honest phones behind a busy address would be refused whenever a neighbour voted first;
 * with it, what challenges asked at once can take together past a budget is one doubling's worth.
 */
const PRICE_TOLERANCE = 2;
/** Addresses, identities and checked identities remembered (each a few hundred bytes at most). */
const MEMO_ENTRIES = 50_000;

interface VoteProtectionDeps {
  config: ProtectionConfig;
  keys: ProtectionKeys;
  counters: BudgetCounters;
  batcher: TransactionBatcher;
  figures: DailyFigures;
  clock: () => Date;
}

export type VoteBinding = Extract<ChallengeBinding, { purpose: 'vote' | 'municipal' }>;

/** A proof whose signature, solution, expiry and binding were checked (no database read yet). */
export interface CheckedProof {
  binding: ChallengeBinding;
  spend: ChallengeSpend;
  paidMaxNumber: number;
}

/** A checked proof counted against its budgets: spend it in the request's transaction, or take the counts back. */
export interface Authorization extends CheckedProof {
  counted: CounterHit[];
  countedAtMs: number;
}

interface Budget {
  hit: CounterHit;
  budget: number;
}

/**
 * Issued identities and proofs of work (docs/decisions/031). The price of a challenge follows what its sender
 * has had accepted: budgets count proofs solved and spent (per address group, per address group and
 * prediction or commune, per identity), never bare requests, and never what other addresses do. A proof is
 * counted when it is spent, and refused if the price due by then is more than twice what it paid.
 */
export class VoteProtection {
  /** Keyed hashes of address groups and identities, under the day's key (the day is part of the memo's key). */
  private readonly hashes = new Memo<string>(MEMO_ENTRIES);
  /** Identities found issued here: a signature checked once per identity, not once per request. */
  private readonly issued = new Memo<boolean>(MEMO_ENTRIES);

  constructor(private readonly deps: VoteProtectionDeps) {}

  get enabled(): boolean {
    return this.deps.config.enabled;
  }

  get normalMaxNumber(): number {
    return this.deps.config.normalMaxNumber;
  }

  async challengeFor(request: ChallengeRequest, address: string): Promise<ChallengeAnswer> {
    if (!this.enabled) return { challenge: null };
    if (request.purpose !== 'identity') this.requireIdentity(request.fingerprint);
    return { challenge: await this.priced(bindingOf(request), address) };
  }

  /**
   * The challenge an answer hands on for the identity's next vote, whichever it will be (a ballot, docs/decisions/049):
   * the phone solves it while the visitor reads, and its next vote is one request. Null with the protection off.
   */
  async nextChallenge(fingerprint: string, address: string): Promise<ProofChallenge | null> {
    if (!this.enabled) return null;
    return this.priced({ purpose: 'ballot', fingerprint }, address);
  }

  private async priced(binding: ChallengeBinding, address: string): Promise<ProofChallenge> {
    const now = this.deps.clock();
    const budgets = this.budgetsOf(binding, address, now);
    const counts = await this.deps.counters.peek(
      budgets.map((budget) => budget.hit),
      now.getTime(),
    );
    // Priced as if this challenge's proof were already counted with those spent before it.
    const maxnumber = this.priceOf(
      binding.purpose,
      budgets,
      counts.map((count) => count + 1),
    );
    return createBoundChallenge({
      hmacKey: this.deps.keys.challenge,
      binding,
      maxnumber,
      expiresAt: new Date(now.getTime() + this.deps.config.challengeTtlSeconds * 1000),
    });
  }

  /** A new identity; with the protection on, only for a solved identity challenge, paid at its price, not used before. */
  async issueIdentity(proof: string | undefined, address: string): Promise<string> {
    if (this.enabled) {
      const authorization = await this.charge(this.verify({ purpose: 'identity' }, [{ purpose: 'identity' }], proof), address);
      if (!(await this.deps.batcher.run((trx) => spendChallenge(trx, authorization.spend)))) {
        await this.release(authorization);
        throw new HttpError(403, PROTECTION_MESSAGES.proofReplayed);
      }
    }
    this.deps.figures.add('identitiesIssued');
    return issueIdentity(this.deps.keys.identity, this.deps.clock().getTime());
  }

  /**
   * Checks the identity and the proof sent with a vote, without any database read or shared counter;
   * undefined when the protection is off. Throws the refusal otherwise. The proof may be bound to this very vote or
   * be a ballot of the same identity; either way it is charged to this vote's budgets.
   */
  checkVote(binding: VoteBinding, proof: string | undefined): CheckedProof | undefined {
    if (!this.enabled) return undefined;
    this.requireIdentity(binding.fingerprint);
    return this.verify(binding, [binding, { purpose: 'ballot', fingerprint: binding.fingerprint }], proof);
  }

  /**
   * Counts a checked proof against the budgets of its sender and refuses it (403, counts taken back) when the
   * price due now is more than `PRICE_TOLERANCE` times what it paid.
   */
  async charge(checked: CheckedProof, address: string): Promise<Authorization>;
  async charge(checked: CheckedProof | undefined, address: string): Promise<Authorization | undefined>;
  async charge(checked: CheckedProof | undefined, address: string): Promise<Authorization | undefined> {
    if (!checked) return undefined;
    const nowMs = this.deps.clock().getTime();
    const budgets = this.budgetsOf(checked.binding, address, new Date(nowMs));
    const counted = budgets.map((budget) => budget.hit);
    const counts = await this.deps.counters.hit(counted, nowMs);
    const due = this.priceOf(checked.binding.purpose, budgets, counts);
    const authorization = { ...checked, counted, countedAtMs: nowMs };
    if (checked.paidMaxNumber * PRICE_TOLERANCE < due) {
      await this.release(authorization);
      throw new HttpError(403, PROTECTION_MESSAGES.proofUnderpriced);
    }
    return authorization;
  }

  /**
   * Runs the request an authorization pays for. Its proof found spent already (a replay) takes its counts back:
   * only work that was new counts. An accepted vote adds its price to the day's figures.
   */
  async settle<T>(authorization: Authorization | undefined, work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      if (authorization && authorization.binding.purpose !== 'identity') {
        this.deps.figures.addPaid(paidDoublings(authorization.paidMaxNumber, this.normalMaxNumber));
      }
      return result;
    } catch (error) {
      if (authorization && error instanceof HttpError && error.message === PROTECTION_MESSAGES.proofReplayed) {
        await this.release(authorization).catch(() => {
          // one count too many in a fading estimate
        });
      }
      throw error;
    }
  }

  /**
   * Where a request comes from, as the budgets and the burst detection see it: a keyed hash of its address
   * group (IPv4 address, IPv6 /48) under today's key, so origins cannot be linked across days or reversed.
   */
  originOf(address: string, now: Date = this.deps.clock()): string {
    const day = reunionDay(now);
    return this.hashes.get(`a:${day}:${address}`, () => keyedHash(this.deps.keys.daily(day), addressGroup(address)));
  }

  /** When an identity this server issued was issued (epoch ms), or null for one issued before identities were dated. */
  identityIssuedAt(fingerprint: string): number | null {
    return identityIssuedAtMs(fingerprint, this.deps.clock().getTime());
  }

  /** Throws 403 unless this server issued the identity. */
  requireIdentity(fingerprint: string): void {
    if (!this.issued.get(fingerprint, () => isIssuedIdentity(fingerprint, this.deps.keys.identity))) {
      throw new HttpError(403, PROTECTION_MESSAGES.identityUnknown);
    }
  }

  private release(authorization: Authorization): Promise<void> {
    return this.deps.counters.release(authorization.counted, authorization.countedAtMs);
  }

  /** A proof issued for one of `accepted`, to be charged as `charged`. */
  private verify(charged: ChallengeBinding, accepted: readonly ChallengeBinding[], proof: string | undefined): CheckedProof {
    if (proof === undefined) throw new HttpError(400, PROTECTION_MESSAGES.proofMissing);
    const check = checkProof(proof, this.deps.keys.challenge, accepted, this.deps.clock().getTime());
    switch (check.kind) {
      case 'invalid':
        throw new HttpError(403, PROTECTION_MESSAGES.proofInvalid);
      case 'expired':
        throw new HttpError(403, PROTECTION_MESSAGES.proofExpired);
      case 'mismatch':
        throw new HttpError(403, PROTECTION_MESSAGES.proofMismatch);
      case 'ok':
        return {
          binding: charged,
          spend: { challengeId: check.challengeId, expiresAtMs: check.expiresAtMs },
          paidMaxNumber: check.paidMaxNumber,
        };
    }
  }

  private priceOf(purpose: ChallengeBinding['purpose'], budgets: readonly Budget[], counts: readonly number[]): number {
    const { config } = this.deps;
    const base = purpose === 'identity' ? config.identityMaxNumber : config.normalMaxNumber;
    return maxNumberFor(
      budgets.map((budget, index) => ({ budget: budget.budget, count: counts[index] ?? 0 })),
      { normalMaxNumber: base, maxMaxNumber: config.maxMaxNumber, steepness: config.steepness },
    );
  }

  /**
   * The budgets a proof counts against once spent; addresses and identities enter only as daily keyed hashes
   * (an address by its group: IPv6 /48). Nothing counts across addresses: a crowd on one prediction pays the
   * normal price however large it is.
   */
  private budgetsOf(binding: ChallengeBinding, address: string, now: Date): Budget[] {
    const { budgets } = this.deps.config;
    const day = reunionDay(now);
    const origin = this.originOf(address, now);
    if (binding.purpose === 'identity') {
      return [{ hit: { key: `ia:${origin}`, windowMs: HOUR_MS }, budget: budgets.identitiesPerAddressPerHour }];
    }
    const ofAnyItem: Budget[] = [
      { hit: { key: `vt:${origin}`, windowMs: HOUR_MS }, budget: budgets.votesPerAddressPerHour },
      {
        hit: {
          key: `vi:${this.hashes.get(`i:${day}:${binding.fingerprint}`, () => keyedHash(this.deps.keys.daily(day), binding.fingerprint))}`,
          windowMs: MINUTE_MS,
        },
        budget: budgets.votesPerIdentityPerMinute,
      },
    ];
    // A ballot is priced before its vote is chosen: the item's budget is counted when it is spent, and a proof priced
    // below what the item asks by then is refused as underpriced like any other.
    if (binding.purpose === 'ballot') return ofAnyItem;
    const item = binding.purpose === 'vote' ? `m:${binding.marketId}` : `c:${binding.communeId}`;
    return [
      { hit: { key: `va:${origin}:${item}`, windowMs: HOUR_MS }, budget: budgets.votesPerAddressPerItemPerHour },
      ...ofAnyItem,
    ];
  }
}

function bindingOf(request: ChallengeRequest): ChallengeBinding {
  switch (request.purpose) {
    case 'identity':
      return { purpose: 'identity' };
    case 'ballot':
      return { purpose: 'ballot', fingerprint: request.fingerprint };
    case 'vote':
      return { purpose: 'vote', fingerprint: request.fingerprint, marketId: request.marketId, voteType: request.voteType };
    case 'municipal':
      return {
        purpose: 'municipal',
        fingerprint: request.fingerprint,
        communeId: request.communeId,
        candidateId: request.candidateId,
      };
  }
}
