export { TransparencyPage } from './components/transparency-page.js';
