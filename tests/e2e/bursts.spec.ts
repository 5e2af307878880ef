import { randomBytes } from 'node:crypto';
import type { Market } from '../../src/shared/market.js';
import { axeViolations } from './support/axe.js';
import { E2E_ADMIN_TOKEN } from './support/env.js';
import { expect, test } from './support/fixtures.js';
import { issueIdentity, proofFor } from './support/protection.js';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 120_000 });

const AUTH = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

test('« Rafales »: 40 fresh identities voting OUI from one address are listed; Exclure then Réintégrer move the public counts', async ({
  page,
  request,
}) => {
  const title = `Rafale e2e ${randomBytes(3).toString('hex')} : la route du littoral ouvrira-t-elle en mars ?`;
  const created = await request.post('/api/admin/markets', {
    headers: AUTH,
    data: {
      title,
      description: 'Prédiction de test.',
      category: 'transport',
      endDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      trending: false,
    },
  });
  expect(created.status()).toBe(201);
  const market = (await created.json()) as Market;
  // 40 new devices behind the test's one address, all OUI within a minute: the smallest burst the rule sees.
  for (let index = 0; index < 40; index++) {
    const fingerprint = await issueIdentity(request);
    const proof = await proofFor(request, { purpose: 'vote', marketId: market.id, voteType: 'yes', fingerprint });
    const vote = await request.post('/api/votes', { data: { marketId: market.id, voteType: 'yes', fingerprint, proof } });
    expect(vote.status()).toBe(200);
  }
  const yesVotes = async () => ((await (await request.get(`/api/markets/${market.id}`)).json()) as Market).yesVotes;
  expect(await yesVotes()).toBe(40);

  await page.goto('/#admin');
  await page.getByLabel('Jeton d’administration').fill(E2E_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('navigation', { name: 'Sections de l’administration' }).getByRole('button', { name: 'Rafales' }).click();
  await expect(page.getByRole('heading', { name: 'Rafales', level: 2 })).toBeVisible();

  const card = page.getByRole('group', { name: `Rafale sur ${title}` });
  await expect(card.getByTestId('burst-votes')).toHaveText('40');
  await expect(card.getByTestId('burst-addresses')).toHaveText('1');
  await expect(card.getByTestId('burst-fresh')).toHaveText('40');
  await expect(card.getByText('Comptée')).toBeVisible();
  await expect(card.getByText('OUI', { exact: true })).toBeVisible();

  expect(await axeViolations(page), 'Rafales').toEqual([]);

  await card.getByRole('button', { name: 'Exclure' }).click();
  expect(await axeViolations(page), 'Rafales, confirmation').toEqual([]);
  const confirm = card.getByRole('group', { name: 'Confirmer l’exclusion' });
  await expect(confirm).toContainText('Retirer ces 40 votes des résultats publics ?');
  await confirm.getByRole('button', { name: 'Confirmer l’exclusion' }).click();
  await expect(card.getByText('Exclue')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Réintégrer' })).toBeVisible();
  expect(await yesVotes()).toBe(0);

  await card.getByRole('button', { name: 'Réintégrer' }).click();
  // Cancelling changes nothing.
  await card.getByRole('group', { name: 'Confirmer la réintégration' }).getByRole('button', { name: 'Annuler' }).click();
  expect(await yesVotes()).toBe(0);
  await card.getByRole('button', { name: 'Réintégrer' }).click();
  await card.getByRole('button', { name: 'Confirmer la réintégration' }).click();
  await expect(card.getByText('Comptée')).toBeVisible();
  expect(await yesVotes()).toBe(40);
  await page.screenshot({ path: test.info().outputPath('bursts-admin.png'), fullPage: true });
  // The tests that count the whole catalog run later on the same server: leave it as found.
  expect((await request.delete(`/api/admin/markets/${market.id}`, { headers: AUTH })).status()).toBe(204);
});
