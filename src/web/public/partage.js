// Share pages (/p/<id>, /c/<insee>): a browser goes on to the app at once; crawlers, which run no script,
// read the page's meta tags. A file, since the CSP allows no inline script.
var link = document.querySelector('a[data-app-link]');
if (link) location.replace(link.href);
