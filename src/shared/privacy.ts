import { z } from 'zod';
import type { VoteType } from './market.js';
import { fingerprintSchema } from './schemas.js';

/** Body of `POST /api/privacy/erase`. */
export const privacyEraseBodySchema = z.strictObject({ fingerprint: fingerprintSchema });

/** Where a prediction stands for the device's vote: erasure removes votes on open ones only. */
export type MarketVoteStatus = 'open' | 'ended' | 'resolved';

export interface ExportedMarketVote {
  marketId: string;
  marketTitle: string;
  voteType: VoteType;
  /** First vote, ISO 8601. */
  votedAt: string;
  /** Last change of side (equals `votedAt` when never changed). */
  updatedAt: string;
  marketEndDate: string;
  marketStatus: MarketVoteStatus;
}

export interface ExportedMunicipalVote {
  communeId: string;
  commune: string;
  candidateId: string;
  candidateName: string;
  votedAt: string;
}

/** Answer of `GET /api/privacy/export?fingerprint=F`: everything stored about the device. */
export interface PrivacyExport {
  exportedAt: string;
  fingerprint: string;
  marketVotes: ExportedMarketVote[];
  municipalVotes: ExportedMunicipalVote[];
}

/** Answer of `POST /api/privacy/erase`. */
export interface ErasureResult {
  /** Votes on open predictions: deleted, and taken off the counts. */
  erasedVotes: number;
  /** Votes on ended or resolved predictions: kept for the results, no longer tied to the device. */
  unlinkedVotes: number;
  /** Municipal votes before the election closed: deleted, and taken off the counts. */
  erasedMunicipalVotes: number;
  /** Municipal votes after the election closed: kept for the results, no longer tied to the device. */
  unlinkedMunicipalVotes: number;
}
