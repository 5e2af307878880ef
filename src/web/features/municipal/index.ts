export { MunicipalPage } from './components/municipal-page.js';
export { municipalVoteErrorText } from './api/cast-municipal-vote.js';
