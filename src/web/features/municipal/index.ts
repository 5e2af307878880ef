export { MunicipalPage } from './components/municipal-page.js';
