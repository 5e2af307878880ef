/**
 * The web app's French, one module per screen or feature. Screens import their own module (`../../copy/markets.js`),
 * not this index, so that the first screen's code carries only the first screen's texts; the index gathers them all
 * for whoever needs the whole catalogue (its test).
 */
export * from './accessibility.js';
export * from './admin.js';
export * from './cookie-policy.js';
export * from './documentation.js';
export * from './history.js';
export * from './how-it-works.js';
export * from './identity.js';
export * from './legal.js';
export * from './market-detail.js';
export * from './markets.js';
export * from './municipal.js';
export * from './news.js';
export * from './offline.js';
export * from './privacy.js';
export * from './shell.js';
export * from './track-record.js';
export * from './transparency.js';
export * from './ui.js';
export * from './vote-chain.js';
