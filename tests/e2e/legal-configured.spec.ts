/**
 * The legal notice and the privacy page of a deployment whose operator set the SITE_* variables: the
 * configured publisher and host, no demonstration mark, and the privacy page's European Union sentence
 * follows the host's country. A server of its own, started with those variables.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseUrlFor, E2E_PORT } from './support/env.js';
import { expect, test } from './support/fixtures.js';

let server: ChildProcess | undefined;
let directory: string;
let base: string;

test.beforeAll(async () => {
  const info = test.info();
  // Within this developer's port range: E2E_PORT + 20 … + 25.
  const port = E2E_PORT + 20 + (info.project.name === 'desktop' ? 1 : 0) + (info.workerIndex % 3) * 2;
  directory = mkdtempSync(join(tmpdir(), 'predi974-e2e-legal-'));
  base = baseUrlFor(port);
  server = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(directory, 'db.sqlite')}`,
      SEED: 'none',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      SITE_PUBLISHER: 'Association Kour Lavenir',
      SITE_PUBLISHER_ADDRESS: '12 rue de Paris, 97400 Saint-Denis, La Réunion',
      SITE_CONTACT_EMAIL: 'bonjour@kour-lavenir.re',
      SITE_HOST_NAME: 'Hébergeur Péi SAS',
      SITE_HOST_ADDRESS: '1 rue du Port, 97420 Le Port',
      SITE_HOST_COUNTRY: 'France',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () =>
        fetch(`${base}/api/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  rmSync(directory, { recursive: true, force: true });
});

test('the legal notice shows the configured publisher, contact and host', async ({ page }) => {
  await page.goto(`${base}/#mentions-legales`);
  await expect(page.getByRole('heading', { name: 'Mentions légales', level: 1 })).toBeVisible();
  await expect(page.getByTestId('legal-publisher')).toHaveText('Association Kour Lavenir');
  await expect(page.getByTestId('legal-publisher-address')).toHaveText('12 rue de Paris, 97400 Saint-Denis, La Réunion');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'bonjour@kour-lavenir.re' })).toHaveAttribute(
    'href',
    'mailto:bonjour@kour-lavenir.re',
  );
  await expect(page.getByTestId('legal-host-name')).toHaveText('Hébergeur Péi SAS');
  await expect(page.getByTestId('legal-host-address')).toHaveText('1 rue du Port, 97420 Le Port');
  await expect(page.getByTestId('legal-host-country')).toHaveText('France');
  await expect(main).not.toContainText('démonstration');
  await expect(main).not.toContainText('Singapour');

  await page.goto(`${base}/#confidentialite`);
  await expect(page.getByTestId('privacy-hosting')).toHaveText(
    'Le service et sa base de données sont hébergés par Hébergeur Péi SAS (pays des serveurs\u00a0: France). Vos données restent dans l’Union européenne.',
  );
});
