export { VoteChainPage } from './components/vote-chain-page.js';
