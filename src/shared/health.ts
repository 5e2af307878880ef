import type { z } from 'zod';
import type { healthSchema } from './api/ops.js';

/** Whether a visitor may switch OUI ↔ NON while a prediction is open (`VOTE_CHANGE`). */
export type VoteChangeRule = Health['voteChange'];

/** The answer of `GET /api/health`: the browser reads the vote-change rule in force from it. */
export type Health = z.output<typeof healthSchema>;
