import { PROTECTION_MESSAGES } from '../../shared/messages.js';
import { reunionDay } from '../../shared/reunion-day.js';
import type { ChallengeAnswer, ChallengeRequest } from '../../shared/vote-protection.js';
import type { ProtectionConfig } from '../config.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import { HttpError } from '../http/http-error.js';
import type { BudgetCounters } from './budget-counters.js';
import { checkProof, createBoundChallenge, type ChallengeBinding } from './challenges.js';
import type { DailyFigures } from './daily-figures.js';
import { maxNumberFor, type BudgetUse } from './difficulty.js';
import { addressGroup } from './address-group.js';
import { identityIssuedAtMs, isIssuedIdentity, issueIdentity } from './identity.js';
import { keyedHash, type ProtectionKeys } from './keys.js';
import { spendChallenge, type ChallengeSpend, type CounterHit } from './protection-repository.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

interface VoteProtectionDeps {
  config: ProtectionConfig;
  keys: ProtectionKeys;
  counters: BudgetCounters;
  batcher: TransactionBatcher;
  figures: DailyFigures;
  clock: () => Date;
}

type VoteBinding = Exclude<ChallengeBinding, { purpose: 'identity' }>;

/**
 * Issued identities and proofs of work. A challenge's difficulty is decided when it is issued, from the
 * budgets its request counts against; a proof is checked before the vote's transaction and spent inside it.
 */
export class VoteProtection {
  /** Highest maxnumber asked recently, for the transparency page. */
  private highest = { maxNumber: 0, atMs: 0 };

  constructor(private readonly deps: VoteProtectionDeps) {}

  get enabled(): boolean {
    return this.deps.config.enabled;
  }

  get normalMaxNumber(): number {
    return this.deps.config.normalMaxNumber;
  }

  /** The highest maxnumber asked within one challenge lifetime, else the normal one. */
  currentMaxNumber(): number {
    const recent = this.deps.clock().getTime() - this.highest.atMs <= this.deps.config.challengeTtlSeconds * 1000;
    return recent ? Math.max(this.highest.maxNumber, this.normalMaxNumber) : this.normalMaxNumber;
  }

  async challengeFor(request: ChallengeRequest, address: string): Promise<ChallengeAnswer> {
    if (!this.enabled) return { challenge: null };
    if (request.purpose !== 'identity') this.requireIdentity(request.fingerprint);
    const now = this.deps.clock();
    const budgets = this.budgetsOf(request, address, now);
    const onRequest = budgets.filter((budget) => !budget.onAcceptance);
    const onAcceptance = budgets.filter((budget) => budget.onAcceptance);
    const [hits, peeks] = await Promise.all([
      this.deps.counters.hit(
        onRequest.map((budget) => budget.hit),
        now.getTime(),
      ),
      this.deps.counters.peek(
        onAcceptance.map((budget) => budget.hit),
        now.getTime(),
      ),
    ]);
    // A budget counted on acceptance is read as it stands plus the vote this challenge would make.
    const counts = [...hits, ...peeks.map((count) => count + 1)];
    const ordered = [...onRequest, ...onAcceptance];
    const maxnumber = maxNumberFor(
      ordered.map((budget, index): BudgetUse => ({ budget: budget.budget, count: counts[index] ?? 0 })),
      this.deps.config,
    );
    if (maxnumber >= this.highest.maxNumber || now.getTime() - this.highest.atMs > this.deps.config.challengeTtlSeconds * 1000) {
      this.highest = { maxNumber: maxnumber, atMs: now.getTime() };
    }
    const challenge = await createBoundChallenge({
      hmacKey: this.deps.keys.challenge,
      binding: bindingOf(request),
      maxnumber,
      expiresAt: new Date(now.getTime() + this.deps.config.challengeTtlSeconds * 1000),
    });
    return { challenge };
  }

  /** A new identity; with the protection on, only for a solved identity challenge not used before. */
  async issueIdentity(proof: string | undefined): Promise<string> {
    if (this.enabled) {
      const spend = this.verify({ purpose: 'identity' }, proof);
      if (!(await this.deps.batcher.run((trx) => spendChallenge(trx, spend))))
        throw new HttpError(403, PROTECTION_MESSAGES.proofReplayed);
    }
    this.deps.figures.add('identitiesIssued');
    return issueIdentity(this.deps.keys.identity, this.deps.clock().getTime());
  }

  /**
   * Checks the identity and the proof sent with a vote (no database read) and returns the proof to spend
   * inside the vote's transaction; undefined when the protection is off. Throws the refusal otherwise.
   */
  authorizeVote(binding: VoteBinding, proof: string | undefined): ChallengeSpend | undefined {
    if (!this.enabled) return undefined;
    this.requireIdentity(binding.fingerprint);
    return this.verify(binding, proof);
  }

  /**
   * Counts a vote whose proof was spent (its transaction committed) against the budget of its prediction or
   * commune, all addresses together. Not awaited by the vote: a failure to count loses one count, not the vote.
   */
  countAcceptedVote(binding: VoteBinding): void {
    if (!this.enabled) return;
    const now = this.deps.clock().getTime();
    this.deps.counters.hit([itemCounter(binding)], now).catch(() => {
      // one accepted vote left out of the per-item estimate
    });
  }

  /** Keys of the budget counters tied to this identity today and yesterday (erasure). */
  identityCounterKeys(fingerprint: string): string[] {
    const now = this.deps.clock().getTime();
    return [now, now - 24 * HOUR_MS].map((at) => `vi:${keyedHash(this.deps.keys.daily(reunionDay(at)), fingerprint)}`);
  }

  forgetIdentity(fingerprint: string): Promise<void> {
    return this.deps.counters.forget(this.identityCounterKeys(fingerprint));
  }

  /**
   * Where a request comes from, as the budgets and the burst detection see it: a keyed hash of its address
   * group (IPv4 address, IPv6 /48) under today's key, so origins cannot be linked across days or reversed.
   */
  originOf(address: string): string {
    return keyedHash(this.deps.keys.daily(reunionDay(this.deps.clock())), addressGroup(address));
  }

  /** When an identity this server issued was issued (epoch ms), or null for one issued before identities were dated. */
  identityIssuedAt(fingerprint: string): number | null {
    return identityIssuedAtMs(fingerprint, this.deps.clock().getTime());
  }

  private requireIdentity(fingerprint: string): void {
    if (!isIssuedIdentity(fingerprint, this.deps.keys.identity)) throw new HttpError(403, PROTECTION_MESSAGES.identityUnknown);
  }

  private verify(binding: ChallengeBinding, proof: string | undefined): ChallengeSpend {
    if (proof === undefined) throw new HttpError(400, PROTECTION_MESSAGES.proofMissing);
    const check = checkProof(proof, this.deps.keys.challenge, binding, this.deps.clock().getTime());
    switch (check.kind) {
      case 'invalid':
        throw new HttpError(403, PROTECTION_MESSAGES.proofInvalid);
      case 'expired':
        throw new HttpError(403, PROTECTION_MESSAGES.proofExpired);
      case 'mismatch':
        throw new HttpError(403, PROTECTION_MESSAGES.proofMismatch);
      case 'ok':
        return { challengeId: check.challengeId, expiresAtMs: check.expiresAtMs };
    }
  }

  /**
   * The budgets a challenge request counts against; addresses and identities enter only as daily keyed hashes.
   * Those of the address and the identity count requests, so that unsolved ones cost their sender; the one of
   * the prediction (all addresses) counts accepted votes only (`onAcceptance`), so that unsolved requests
   * from one address cannot raise the price for every voter.
   */
  private budgetsOf(
    request: ChallengeRequest,
    address: string,
    now: Date,
  ): { hit: CounterHit; budget: number; onAcceptance?: boolean }[] {
    const { budgets } = this.deps.config;
    const key = this.deps.keys.daily(reunionDay(now));
    const addressKey = keyedHash(key, address);
    if (request.purpose === 'identity') {
      return [{ hit: { key: `ia:${addressKey}`, windowMs: HOUR_MS }, budget: budgets.identitiesPerAddressPerHour }];
    }
    const item = itemOf(request);
    return [
      { hit: { key: `va:${addressKey}:${item}`, windowMs: HOUR_MS }, budget: budgets.votesPerAddressPerItemPerHour },
      {
        hit: { key: `vi:${keyedHash(key, request.fingerprint)}`, windowMs: MINUTE_MS },
        budget: budgets.votesPerIdentityPerMinute,
      },
      { hit: itemCounter(request), budget: budgets.votesPerItemPerHour, onAcceptance: true },
    ];
  }
}

function itemOf(request: VoteBinding | Exclude<ChallengeRequest, { purpose: 'identity' }>): string {
  return request.purpose === 'vote' ? `m:${request.marketId}` : `c:${request.communeId}`;
}

/** The counter of accepted votes on one prediction or commune, all addresses together. */
function itemCounter(request: VoteBinding | Exclude<ChallengeRequest, { purpose: 'identity' }>): CounterHit {
  return { key: `vm:${itemOf(request)}`, windowMs: HOUR_MS };
}

function bindingOf(request: ChallengeRequest): ChallengeBinding {
  switch (request.purpose) {
    case 'identity':
      return { purpose: 'identity' };
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
