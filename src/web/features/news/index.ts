export { NewsPage } from './components/news-page.js';
export { NEWS_CATEGORY_LABELS } from './lib/news-format.js';
