import { randomBytes } from 'node:crypto';
import type { Candidate, Commune } from '../../src/shared/municipal.js';
import { E2E_ADMIN_TOKEN } from './support/env.js';
import { expect, openHome, test } from './support/fixtures.js';
import { issueIdentity, proofFor } from './support/protection.js';

/**
 * Text from the database (titles, descriptions, candidate names) holding HTML or script is shown as
 * text: nothing runs, no element is injected, no dialog opens. The strict CSP would block inline script
 * anyway; this proves the rendering itself never turns data into markup.
 */
const PAYLOAD = `<img src=x onerror="window.__xss='img';alert('xss')"><script>window.__xss='script'</script>`;
const ADMIN = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

test('HTML and script in titles, descriptions and candidate names render as plain text', async ({ page, api, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const tag = randomBytes(3).toString('hex');
  const title = `XSS ${tag} ${PAYLOAD}`;
  const description = `Description ${tag} <b>gras</b> ${PAYLOAD}`;
  const market = await api.createMarket({ title, description });

  await openHome(page, `XSS ${tag}`);
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();

  await page.goto(`/#prediction-${market.id}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText(description, { exact: true })).toBeVisible();

  const created = await request.post('/api/admin/municipal', {
    headers: ADMIN,
    data: { title: `Élection Municipale <i>Xss</i>-${tag} 2026` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const commune = (await created.json()) as Commune;
  try {
    const name = `<img src=x onerror=alert(1)>${tag}`;
    const added = await request.post(`/api/admin/municipal/${commune.id}/candidates`, { headers: ADMIN, data: { name } });
    expect(added.status(), await added.text()).toBe(201);
    const candidate = (await added.json()) as Candidate;
    const fingerprint = await issueIdentity(request);
    const proof = await proofFor(request, {
      purpose: 'municipal',
      communeId: commune.id,
      candidateId: candidate.id,
      fingerprint,
    });
    await request.post(`/api/municipal/${commune.id}/votes`, { data: { candidateId: candidate.id, fingerprint, proof } });

    await page.goto('/#municipales');
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`<i>Xss</i>-${tag}`).first()).toBeVisible();
  } finally {
    await request.delete(`/api/admin/municipal/${commune.id}`, { headers: ADMIN });
  }

  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('script', { hasText: '__xss' }).count()).toBe(0);
  expect(await page.locator('i', { hasText: 'Xss' }).count()).toBe(0);
  expect(dialogs).toEqual([]);
});
