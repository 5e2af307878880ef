// The markets feature's public entry: what other features may use of it (lint allows no deeper import).
export { sendKeptVote, useCastOrKeepVote, voteErrorText } from './api/cast-vote.js';
export { marketsQueryOptions } from './api/get-markets.js';
export { readChainPage, trackRecordPagesOptions } from './api/get-device-lists.js';
export { itemsOf } from './api/get-market-pages.js';
export { userVotesQueryOptions } from './api/get-user-votes.js';
export { CategoryBadge, TrendingBadge } from './components/category-badge.js';
export { VoteBar } from './components/vote-bar.js';
export { VOTE_LABEL, votesLabel } from './lib.js';
