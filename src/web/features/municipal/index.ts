export { applyCommuneUpdate } from './api/apply-commune-update.js';
export { MunicipalPage } from './components/municipal-page.js';
