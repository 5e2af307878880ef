/**
 * The web app's French, one module per screen or feature, one exported constant per text (a function when the text
 * takes values). Screens import their own module as a namespace (`import * as marketsCopy from '../../copy/markets.js'`),
 * not this index, so that the first screen's code carries only the first screen's texts; the index gathers them all
 * for whoever needs the whole catalogue (its test). Texts shared with the server stay in src/shared/messages.ts.
 */
export * as accessibility from './accessibility.js';
export * as admin from './admin.js';
export * as cookiePolicy from './cookie-policy.js';
export * as documentation from './documentation.js';
export * as history from './history.js';
export * as howItWorks from './how-it-works.js';
export * as identity from './identity.js';
export * as legal from './legal.js';
export * as marketDetail from './market-detail.js';
export * as markets from './markets.js';
export * as municipal from './municipal.js';
export * as news from './news.js';
export * as newsPage from './news-page.js';
export * as offline from './offline.js';
export * as privacy from './privacy.js';
export * as sheets from './sheets.js';
export * as shell from './shell.js';
export * as trackRecord from './track-record.js';
export * as transparency from './transparency.js';
export * as ui from './ui.js';
export * as updates from './updates.js';
export * as voteChain from './vote-chain.js';
