// Draws the app's icons (the install icon, the maskable one, the iPhone home-screen one) from the mark of
// favicon.svg: La Réunion's volcano and rays on the ocean colour. Run by hand when the mark changes; the
// PNGs are committed: `node scripts/make-icons.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const OUT = 'src/web/public/icons';
const OCEAN = '#1d6a79';

/** The mark on a 64-unit square: the volcano (red) and its five rays (yellow), as in favicon.svg. */
const MARK =
  '<path d="M32 18 50 46H14Z" fill="#ef4444"/>' +
  '<g stroke="#facc15" stroke-width="3" stroke-linecap="round">' +
  '<path d="M32 18 32 6"/><path d="M32 18 20 9"/><path d="M32 18 44 9"/><path d="M32 18 12 16"/><path d="M32 18 52 16"/>' +
  '</g>';

/**
 * rounded: a tile with rounded corners on a transparent ground ("any" icons).
 * scale: the share of the square the mark's box takes, centred (the mark spans x 10.5–53.5, y 4.5–46).
 */
function svg({ rounded, scale }) {
  const ground = rounded
    ? `<rect width="64" height="64" rx="14" fill="${OCEAN}"/>`
    : `<rect width="64" height="64" fill="${OCEAN}"/>`;
  // Centre the mark's own box (43 × 41.5 units, centre 32, 25.25) in the square.
  const size = 64 * scale;
  const k = size / 43;
  const transform = `translate(32 32) scale(${k}) translate(-32 -25.25)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ground}<g transform="${transform}">${MARK}</g></svg>`;
}

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));

function png(source, width, file) {
  const image = new Resvg(source, { fitTo: { mode: 'width', value: width } }).render();
  writeFileSync(`${OUT}/${file}`, image.asPng());
  console.log(`${OUT}/${file}: ${image.width}×${image.height}`);
}

// "any": the mark fills most of its tile, like favicon.svg.
png(svg({ rounded: true, scale: 0.72 }), 192, 'icon-192.png');
png(svg({ rounded: true, scale: 0.72 }), 512, 'icon-512.png');
// maskable: full-bleed ground, the mark well inside the central 80 % circle the launcher may keep.
png(svg({ rounded: false, scale: 0.5 }), 512, 'icon-maskable-512.png');
// iOS rounds the corners itself and shows no transparency: full-bleed ground.
png(svg({ rounded: false, scale: 0.66 }), 180, 'apple-touch-icon.png');
