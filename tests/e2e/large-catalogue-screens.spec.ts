import { randomBytes } from 'node:crypto';
import { E2E_ADMIN_TOKEN } from './support/env.js';
import { expect, openHome, pageIdentity, test } from './support/fixtures.js';

/**
 * « Voter à la chaîne », « Mon bilan » and the admin's list on a catalogue of 1,040 predictions read pages, never the
 * whole list (docs/decisions/043-catalogue-in-pages.md, amended). The 1,000 predictions made here change the whole
 * catalogue, so the test runs with those that read it, one at a time; the `api` fixture deletes them at the end.
 */
const ADDED = 1_000;

test(
  '1,040 predictions: the chain, the track record and the admin read pages only, and the chain goes past page 1 @desktop-only',
  { tag: '@whole-catalog' },
  async ({ page, api }) => {
    test.setTimeout(300_000);
    const tag = randomBytes(3).toString('hex');
    const title = (n: number) => `Grand catalogue ${tag} n°${n} sera-t-il tranché ?`;
    // Trending, closing one after the other from tomorrow: the chain's first 1,000 cards, n°1 first.
    const ids: string[] = [];
    for (let start = 0; start < ADDED; start += 25) {
      const made = await Promise.all(
        Array.from({ length: Math.min(25, ADDED - start) }, (_, offset) =>
          api.createMarket({ title: title(start + offset + 1), trending: true, endsInDays: 1 + (start + offset) / 1_000 }),
        ),
      );
      ids.push(...made.map((market) => market.id));
    }
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/markets') requests.push(url.search.replace(/fingerprint=[0-9a-f]+/, 'fingerprint=F'));
    });

    await openHome(page);
    const fingerprint = await pageIdentity(page);
    // This device voted on n°1 and n°2; n°1 is then resolved: the chain starts at n°3, the track record holds n°1.
    await api.vote(ids[0] ?? '', 'yes', fingerprint);
    await api.vote(ids[1] ?? '', 'no', fingerprint);
    await api.resolveMarket(ids[0] ?? '', 'yes');

    await page.goto('/#a-la-chaine');
    await page.reload();
    const chain = page.getByTestId('vote-chain');
    const heading = chain.getByTestId('chain-card').getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(title(3));
    // Passed 60 times (↑): past the 48 of the first page, into the second, read as the chain neared its end.
    for (let step = 1; step <= 60; step++) {
      await page.keyboard.press('ArrowUp');
      await expect(chain.getByTestId('chain-position')).toHaveText(new RegExp(`^Prédiction ${step + 1} sur `));
    }
    await expect(heading).toHaveText(title(63));
    expect(requests.filter((query) => query.includes('sort=ending'))).toEqual([
      '?page=1&status=open&sort=ending&votes=not-voted&fingerprint=F',
      '?page=2&status=open&sort=ending&votes=not-voted&fingerprint=F',
    ]);

    await page.goto('/#bilan');
    await page.reload();
    await expect(page.getByTestId('track-record-entries').locator(':scope > li')).toHaveCount(1);
    await expect(page.getByTestId('track-record-entries')).toContainText(title(1));
    expect(requests.filter((query) => query.includes('status=resolved'))).toEqual([
      '?page=1&status=resolved&votes=voted&fingerprint=F',
    ]);

    await page.goto('/#admin');
    await page.getByLabel('Jeton d’administration').fill(E2E_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page
      .getByRole('navigation', { name: 'Sections de l’administration' })
      .getByRole('button', { name: 'Prédictions' })
      .click();
    const count = page.getByTestId('admin-markets-count');
    await expect(count).toHaveText(/^Prédictions affichées : 48 sur 1\u202f0\d\d$/);
    await page.getByRole('button', { name: 'Afficher plus de prédictions' }).click();
    await expect(count).toHaveText(/^Prédictions affichées : 96 sur 1\u202f0\d\d$/);
    // The server's search finds one far down the list; it can be resolved from there.
    await page.getByLabel('Rechercher (titre, description ou catégorie)').fill(`${tag} n°777 `);
    const row = page.getByRole('group', { name: title(777) });
    await expect(row).toBeVisible();
    await expect(count).toHaveText('Prédictions affichées : 1 sur 1');
    await row.getByRole('button', { name: 'Résoudre' }).click();
    await row.getByRole('group', { name: 'Choisir le résultat' }).getByRole('button', { name: 'OUI' }).click();
    await expect(row.getByText('Résolue : OUI')).toBeVisible();
    expect((await api.market(ids[776] ?? '')).resolved).toBe(true);
    expect(requests.filter((query) => /^\?page=\d+$/.test(query) || query.includes(tag))).toEqual(
      expect.arrayContaining(['?page=1', '?page=2', `?page=1&search=${tag}+n%C2%B0777`]),
    );

    // Not one of these screens asked for the whole list.
    expect(requests.filter((query) => !/^\?page=\d+(&|$)/.test(query))).toEqual([]);
  },
);
