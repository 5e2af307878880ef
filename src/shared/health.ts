/** Whether a visitor may switch OUI ↔ NON while a prediction is open (`VOTE_CHANGE`). */
export type VoteChangeRule = 'allowed' | 'forbidden';

/** The answer of `GET /api/health`: the browser reads the vote-change rule in force from it. */
export interface Health {
  ok: boolean;
  database: 'sqlite' | 'postgres';
  voteChange: VoteChangeRule;
  /** Whether identities must be issued by the server and votes carry a proof of work (`VOTE_PROTECTION`). */
  voteProtection: 'on' | 'off';
  /** Whether the admin API is on (`ADMIN_TOKEN` set): the browser offers `#admin` only then. */
  admin: boolean;
}
