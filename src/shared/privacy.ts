import { z } from 'zod';
import type { erasureResultSchema, exportedMarketVoteSchema, privacyExportSchema } from './api/privacy.js';
import { fingerprintSchema } from './schemas.js';

/** Body of `POST /api/privacy/erase`. */
export const privacyEraseBodySchema = z.strictObject({ fingerprint: fingerprintSchema });

export type ExportedMarketVote = z.output<typeof exportedMarketVoteSchema>;
/** Where a prediction stands for the device's vote: erasure removes votes on open ones only. */
export type MarketVoteStatus = ExportedMarketVote['marketStatus'];

/** Answer of `GET /api/privacy/export?fingerprint=F`: everything stored about the device. */
export type PrivacyExport = z.output<typeof privacyExportSchema>;

/** Answer of `POST /api/privacy/erase`. */
export type ErasureResult = z.output<typeof erasureResultSchema>;
