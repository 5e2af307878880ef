export { AccessibilityStatementPage } from './components/accessibility-statement-page.js';
export { CookiePolicyPage } from './components/cookie-policy-page.js';
export { DocumentationPage } from './components/documentation-page.js';
export { LegalNoticePage } from './components/legal-notice-page.js';
export { PrivacyPolicyPage } from './components/privacy-policy-page.js';
