export { TrackRecordPage } from './components/track-record-page.js';
