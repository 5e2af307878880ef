import { isMarketOpen } from '../../shared/market.js';
import { isMunicipalVoteOpen } from '../../shared/municipal.js';
import type { ErasureResult, MarketVoteStatus, PrivacyExport } from '../../shared/privacy.js';
import type { Database } from '../db/database.js';
import type { TransactionBatcher } from '../db/transaction-batcher.js';
import { adjustCounters } from '../markets/market-repository.js';
import { adjustCandidateVotes } from '../municipal/municipal-repository.js';
import { deleteSignalsOf } from '../bursts/burst-repository.js';
import type { Change, ChangeBus } from '../realtime/change-bus.js';
import {
  deleteMunicipalVotes,
  deleteVotes,
  listDeviceMarketVotes,
  listDeviceMunicipalVotes,
  lockItems,
  unlinkMunicipalVotes,
  unlinkVotes,
} from './privacy-repository.js';

interface PrivacyServiceDeps {
  database: Database;
  batcher: TransactionBatcher;
  bus: ChangeBus;
  clock: () => Date;
  /** ISO 8601: from then on municipal results are final; null while the municipal vote is open. */
  municipalElectionEnd: string | null;
  /** Erased votes rewrite the history of their predictions and communes. */
  historyChanged?: (change: Change) => void;
}

function statusOf(vote: { endDate: string; resolved: boolean }, now: Date): MarketVoteStatus {
  if (vote.resolved) return 'resolved';
  return isMarketOpen(vote, now) ? 'open' : 'ended';
}

/**
 * A device's rights over its data: download everything tied to its fingerprint, and erase it.
 * Erasure keeps results true: a vote on an open prediction is deleted with its count (the visitor may
 * vote again); a vote on an ended one stays in the results and only loses its link to the device.
 */
export class PrivacyService {
  constructor(private readonly deps: PrivacyServiceDeps) {}

  async exportData(fingerprint: string): Promise<PrivacyExport> {
    const { db } = this.deps.database;
    const now = this.deps.clock();
    const [marketVotes, municipalVotes] = await Promise.all([
      listDeviceMarketVotes(db, fingerprint),
      listDeviceMunicipalVotes(db, fingerprint),
    ]);
    return {
      exportedAt: now.toISOString(),
      fingerprint,
      marketVotes: marketVotes.map((vote) => ({
        marketId: vote.marketId,
        marketTitle: vote.marketTitle,
        voteType: vote.voteType,
        votedAt: vote.createdAt,
        updatedAt: vote.updatedAt,
        marketEndDate: vote.endDate,
        marketStatus: statusOf(vote, now),
      })),
      municipalVotes: municipalVotes.map((vote) => ({
        communeId: vote.communeId,
        commune: vote.commune,
        candidateId: vote.candidateId,
        candidateName: vote.candidateName,
        votedAt: vote.createdAt,
      })),
    };
  }

  /**
   * One transaction: rows and counters move together; live clients are told after the commit. Counters
   * move by the rows the deletes report, never by what an earlier read saw, so an erasure racing the
   * same device's votes, changes or another erasure cannot take a count away twice or from the wrong side.
   */
  async erase(fingerprint: string): Promise<ErasureResult> {
    const { dialect } = this.deps.database;
    const { result, changes } = await this.deps.batcher.run(async (trx) => {
      const now = this.deps.clock();
      const at = now.toISOString();
      const marketVotes = await listDeviceMarketVotes(trx, fingerprint);
      const municipalVotes = await listDeviceMunicipalVotes(trx, fingerprint);
      await lockItems(trx, dialect, {
        marketIds: marketVotes.map((vote) => vote.marketId),
        communeIds: municipalVotes.map((vote) => vote.communeId),
      });
      const changes: Change[] = [];

      const open = marketVotes.filter((vote) => statusOf(vote, now) === 'open');
      const closed = marketVotes.filter((vote) => statusOf(vote, now) !== 'open');
      const erased = await deleteVotes(
        trx,
        fingerprint,
        open.map((vote) => vote.id),
      );
      const deltas = new Map<string, { yes: number; no: number }>();
      for (const vote of erased) {
        if (!vote.counted) continue;
        const delta = deltas.get(vote.marketId) ?? { yes: 0, no: 0 };
        delta[vote.voteType] -= 1;
        deltas.set(vote.marketId, delta);
      }
      for (const [marketId, delta] of deltas) {
        await adjustCounters(trx, marketId, delta.yes, delta.no, at);
        changes.push({ type: 'market', id: marketId });
      }
      const unlinkedVotes = await unlinkVotes(
        trx,
        closed.map((vote) => vote.id),
      );

      let erasedMunicipalVotes = 0;
      let unlinkedMunicipalVotes = 0;
      if (isMunicipalVoteOpen(this.deps.municipalElectionEnd, now)) {
        const erasedMunicipal = await deleteMunicipalVotes(
          trx,
          fingerprint,
          municipalVotes.map((vote) => vote.id),
        );
        erasedMunicipalVotes = erasedMunicipal.length;
        for (const vote of erasedMunicipal) {
          if (!vote.counted) continue;
          await adjustCandidateVotes(trx, vote.communeId, vote.candidateId, -1);
          changes.push({ type: 'municipal', id: vote.communeId });
        }
      } else {
        unlinkedMunicipalVotes = await unlinkMunicipalVotes(
          trx,
          municipalVotes.map((vote) => vote.id),
        );
      }
      await deleteSignalsOf(trx, fingerprint);
      const result: ErasureResult = { erasedVotes: erased.length, unlinkedVotes, erasedMunicipalVotes, unlinkedMunicipalVotes };
      return { result, changes };
    });
    for (const change of changes) this.deps.historyChanged?.(change);
    if (changes.length > 0) await this.deps.bus.publish(changes);
    // The vote protection's budget counters stay: erasing one's data must not reset the price (docs/decisions/031).
    return result;
  }
}
