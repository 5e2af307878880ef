// Runs before the first paint so the page never flashes the wrong theme (stored choice, else system, else dark).
try {
  var t = localStorage.getItem('theme');
  if (t !== 'light' && t !== 'dark')
    t = window.matchMedia && !window.matchMedia('(prefers-color-scheme: dark)').matches ? 'light' : 'dark';
  if (t === 'dark') document.documentElement.classList.add('dark');
} catch {
  document.documentElement.classList.add('dark');
}
