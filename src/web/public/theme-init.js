// Runs before the first paint so the page never flashes the wrong theme (stored choice, else system, else dark).
try {
  var t = localStorage.getItem('theme');
  if (t !== 'light' && t !== 'dark')
    t = window.matchMedia && !window.matchMedia('(prefers-color-scheme: dark)').matches ? 'light' : 'dark';
  if (t === 'dark') document.documentElement.classList.add('dark');
} catch {
  document.documentElement.classList.add('dark');
}
// The server renders home (it never sees the hash). An address naming another screen hides home until the app has
// drawn that screen (design-tokens.css, app.tsx), so a shared link never flashes the list: "bar" keeps the category bar
// (the municipal tab shows it too), "page" hides it as well.
var h = location.hash.slice(1);
if (/^(municipales$|commune-.)/.test(h)) document.documentElement.dataset.hashRoute = 'bar';
else if (
  /^(prediction-.|trending$|transparence$|admin$|documentation$|mentions-legales$|cookies$|confidentialite$|bilan$|a-la-chaine$)/.test(
    h,
  )
)
  document.documentElement.dataset.hashRoute = 'page';
