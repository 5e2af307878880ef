import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { CATEGORIES } from '../../src/shared/categories.js';
import type { PrivacyExport } from '../../src/shared/privacy.js';
import { SITE } from '../../src/shared/site.js';
import { baseUrlFor, E2E_FORBIDDEN_PORT } from './support/env.js';
import { axeViolations } from './support/axe.js';
import { appStarted, expect, pageIdentity, test } from './support/fixtures.js';

type PageName = 'Documentation' | 'Mentions légales' | 'Politique de cookies' | 'Politique de confidentialité';

const MENU_LABEL: Record<PageName, string> = {
  Documentation: 'Documentation',
  'Mentions légales': 'Mentions légales',
  'Politique de cookies': 'Politique de cookies',
  'Politique de confidentialité': 'Confidentialité',
};
const FOOTER_LABEL: Partial<Record<PageName, string>> = {
  'Mentions légales': 'Mentions légales',
  'Politique de cookies': 'Cookies',
  'Politique de confidentialité': 'Confidentialité',
};

async function openFromMenu(page: Page, name: PageName) {
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Plus' }).click();
  await page.getByRole('dialog', { name: 'Plus' }).getByRole('button', { name: MENU_LABEL[name], exact: true }).click();
}

/** Opens a static page the way a visitor does: the "Plus" menu on phones, the footer on large screens. */
async function openPage(
  page: Page,
  name: PageName,
  { isMobile, baseURL }: { isMobile: boolean; baseURL?: string } = { isMobile: true },
) {
  await page.goto(baseURL ? `${baseURL}/` : '/');
  await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
  await appStarted(page);
  const footerLabel = FOOTER_LABEL[name];
  if (isMobile) {
    await openFromMenu(page, name);
  } else if (footerLabel) {
    await page.mouse.wheel(0, 400);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toHaveAttribute('data-visible', 'true');
    await footer.getByRole('button', { name: footerLabel, exact: true }).click();
  } else {
    // The desktop footer has no Documentation link: reach it through the menu at phone width.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await openFromMenu(page, name);
    if (viewport) await page.setViewportSize(viewport);
  }
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

async function expectBackHome(page: Page) {
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
}

test.describe('addresses', () => {
  const ADDRESSES: [PageName, string][] = [
    ['Documentation', '#documentation'],
    ['Mentions légales', '#mentions-legales'],
    ['Politique de cookies', '#cookies'],
    ['Politique de confidentialité', '#confidentialite'],
  ];

  test('each page opened from the menu has its own address, kept by a reload; Back returns to the list', async ({ page }) => {
    for (const [name, hash] of ADDRESSES) {
      await openPage(page, name);
      await expect(page).toHaveURL(new RegExp(`/${hash}$`));
      await page.reload();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Que va-t-il se passer à La Réunion ?' })).toBeVisible();
      await expect(page.getByRole('heading', { name, level: 1 })).toHaveCount(0);
      await page.goForward();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    }
  });

  test('a link to a page opens it directly; "Retour" goes to the list and clears the address', async ({ page }) => {
    await page.goto('/#mentions-legales');
    await expect(page.getByRole('heading', { name: 'Mentions légales', level: 1 })).toBeVisible();
    await expectBackHome(page);
    expect(new URL(page.url()).hash).toBe('');
    await page.goto('/#confidentialite');
    await expect(page.getByRole('heading', { name: 'Politique de confidentialité', level: 1 })).toBeVisible();
    // From one page to another through the menu, then Back to the first.
    await openFromMenu(page, 'Politique de cookies');
    await expect(page.getByRole('heading', { name: 'Politique de cookies', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/#cookies$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Politique de confidentialité', level: 1 })).toBeVisible();
  });
});

test.describe('documentation', () => {
  test('describes the product, the 8 categories, the filters and a FAQ with the vote rule in force', async ({
    page,
    isMobile,
  }) => {
    await openPage(page, 'Documentation', { isMobile });
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: `Qu’est-ce que ${SITE.name} ?` })).toBeVisible();
    await expect(main).toContainText('OUI');
    await expect(main).toContainText('NON');

    const categories = page.getByTestId('doc-categories').getByRole('listitem');
    await expect(categories).toHaveCount(8);
    await expect(categories).toHaveText(CATEGORIES.map((category) => new RegExp(category.name.replace('/', '\\/'))));

    const filters = page.getByTestId('doc-filters');
    for (const text of ['Recherche', 'Catégorie', 'Statut de vote', '« Tous »', '« Votés »', '« Non votés »']) {
      await expect(filters).toContainText(text);
    }

    await expect(main.getByRole('heading', { name: 'Questions fréquentes' })).toBeVisible();
    await expect(page.getByTestId('faq-one-vote')).toContainText('Un seul vote par prédiction');
    await expect(page.getByTestId('vote-change-rule')).toHaveText(
      "Vous pouvez changer d'avis tant que la prédiction est ouverte : votre vote passe de OUI à NON (ou l'inverse), sans compter un participant de plus.",
    );
    await expectBackHome(page);
  });

  test('the FAQ says a vote cannot be changed when the server forbids it', async ({ page, isMobile }) => {
    await openPage(page, 'Documentation', { isMobile, baseURL: baseUrlFor(E2E_FORBIDDEN_PORT) });
    await expect(page.getByTestId('vote-change-rule')).toHaveText('Un vote ne peut pas être modifié.');
  });
});

test.describe('legal notice', () => {
  test('publisher, contact, hosting, intellectual property, liability', async ({ page, isMobile }) => {
    await openPage(page, 'Mentions légales', { isMobile });
    const main = page.getByRole('main');
    for (const heading of ['Éditeur du site', 'Contact', 'Hébergement', 'Propriété intellectuelle', 'Responsabilité']) {
      await expect(main.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    // No SITE_* variable on this server: the demonstration values, each marked.
    await expect(page.getByTestId('legal-publisher')).toHaveText('Prédi974 (valeur de démonstration)');
    await expect(page.getByTestId('legal-publisher-address')).toHaveText(
      'Saint-Denis, La Réunion, France (valeur de démonstration)',
    );
    await expect(main.getByRole('link', { name: SITE.contactEmail })).toHaveAttribute('href', `mailto:${SITE.contactEmail}`);
    await expect(page.getByTestId('legal-host-name')).toHaveText(
      'un fournisseur de « backend-as-a-service » (valeur de démonstration)',
    );
    await expect(page.getByTestId('legal-host-country')).toHaveText('Singapour (valeur de démonstration)');
    await expectBackHome(page);
  });
});

test.describe('cookie policy', () => {
  test('lists cookieConsent, theme, howItWorksRead and user_fingerprint, each for 1 year, with purpose and place', async ({
    page,
    isMobile,
  }) => {
    await openPage(page, 'Politique de cookies', { isMobile });
    const items = page.getByTestId('cookie-item');
    await expect(items).toHaveCount(5);
    for (const [index, name] of ['cookieConsent', 'theme', 'howItWorksRead', 'user_fingerprint'].entries()) {
      const item = items.nth(index);
      await expect(item.locator('code')).toHaveText(name);
      await expect(item).toContainText('Durée : 1 an');
      await expect(item).toContainText('Finalité');
    }
    await expect(page.getByRole('main')).toContainText('5 éléments seulement');
    await expect(page.getByRole('main')).toContainText('Cinq éléments sont enregistrés sur votre appareil');
    await expect(items.nth(2)).toContainText('Comment ça marche');
    await expect(items.nth(0)).toContainText('Stockage local du navigateur');
    await expect(items.nth(1)).toContainText('clair ou sombre');
    await expect(items.nth(4).locator('code')).toHaveText('pending_votes');
    await expect(items.nth(4)).toContainText('Durée : jusqu’à l’envoi du vote');
    await expect(items.nth(3)).toContainText('Stockage local du navigateur et cookie');
    await expect(items.nth(3)).toContainText('limite la fraude');
    await expect(items.nth(3)).toContainText(
      'délivré et signé par notre serveur dès votre premier geste sur la page (toucher, clic ou touche du clavier), puis relu à chaque visite sans jamais être recalculé',
    );
    await expect(page.getByRole('main')).toContainText(
      'elle est envoyée avec le vote et n’est enregistrée ni sur votre appareil, ni dans un cookie.',
    );
    await expect(page.getByRole('main')).toContainText(
      'Le thème, le consentement, la lecture de « Comment ça marche ? », l’empreinte et les votes en attente sont conservés dans le stockage local',
    );
    await expectBackHome(page);
  });
});

test.describe('privacy policy', () => {
  test('every item of the privacy section', async ({ page, isMobile }) => {
    await openPage(page, 'Politique de confidentialité', { isMobile });
    const collected = page.getByTestId('privacy-collected').getByRole('listitem');
    await expect(collected).toHaveText([
      /empreinte de votre navigateur : un identifiant anonyme délivré par notre serveur/,
      /adresse IP, utilisée uniquement à des fins de sécurité/,
      /preuve de travail : un petit calcul fait par votre appareil avant chaque vote/,
      /type et la version de votre navigateur/,
      /résolution de votre écran/,
      /fuseau horaire/,
      /langue de votre navigateur/,
      /vos votes/,
      /préférence de thème/,
      /consentement aux cookies/,
    ]);
    await expect(page.getByTestId('privacy-hosting')).toContainText('backend-as-a-service');
    await expect(page.getByTestId('privacy-hosting')).toContainText('Singapour (valeur de démonstration)');
    await expect(page.getByTestId('privacy-hosting')).toContainText(
      'Ce transfert hors de l’Union européenne est encadré par les garanties contractuelles prévues par le RGPD.',
    );
    await expect(page.getByTestId('privacy-retention').getByRole('listitem')).toHaveText([
      /Votes : pendant la durée de vie de la prédiction, plus 1 an/,
      /Empreinte du navigateur : 1 an après votre dernière activité/,
      'Preuves de travail utilisées : jusqu’à leur expiration, quelques minutes.',
      'Compteurs par adresse IP (hachée) : deux heures au plus, effacés au plus tard le lendemain.',
      'Notes de détection des rafales (groupe d’adresses haché) : 30 jours.',
      /Préférences.*jusqu’à leur suppression manuelle ou 1 an d’inactivité/,
    ]);
    await expect(page.getByTestId('privacy-legal-bases').getByRole('listitem')).toHaveText([
      /^Intérêt légitime/,
      /^Consentement/,
      /^Contrat/,
    ]);
    // What the vote protection stores, and why.
    await expect(page.getByTestId('privacy-protection').getByRole('listitem')).toHaveText([
      /^Identifiant de l’appareil : délivré et signé par notre serveur dès votre premier geste sur la page, il est gardé 1 an sur votre appareil, dans le cookie et le stockage local user_fingerprint\. Il n’est jamais recalculé/,
      /^Preuve de travail : avant chaque vote, votre appareil résout en arrière-plan un petit calcul/,
      'Adresse IP : utilisée en mémoire, ou hachée avec une clé renouvelée chaque jour, pour compter les votes et identités acceptés par adresse sur l’heure écoulée, et les demandes refusées ; ces compteurs expirent au bout de deux heures au plus et sont effacés au plus tard le lendemain, et l’effacement de vos données ne les remet pas à zéro. Elle-même n’est jamais enregistrée avec un vote.',
      'Détection des rafales : pour repérer les votes envoyés en masse, chaque vote accepté est noté pendant 30 jours avec l’identifiant de l’appareil, la date de délivrance de cet identifiant et le groupe d’adresses IP d’où il vient (l’adresse, ou son bloc /48 en IPv6), haché avec une clé renouvelée chaque jour, jamais en clair.',
      /^Chiffres publics : seuls des totaux par jour/,
    ]);
    await expect(page.getByTestId('privacy-minors')).toHaveText('Ce service n’est pas destiné aux personnes de moins de 16 ans.');
    const rights = page.getByTestId('privacy-rights');
    for (const right of ['d’accès', 'de rectification', 'd’effacement', 'de limitation', 'de portabilité', 'd’opposition']) {
      await expect(rights).toContainText(right);
    }
    await expect(rights.getByRole('link', { name: SITE.contactEmail })).toHaveAttribute('href', `mailto:${SITE.contactEmail}`);
    await expect(page.getByTestId('privacy-updated')).toHaveText('Dernière mise à jour : 7 octobre 2025');
    await expect(page.getByTestId('privacy-contact')).toContainText('La Réunion, France');
    await expectBackHome(page);
  });

  test('"Télécharger mes données" downloads predi974-mes-donnees.json; "Effacer mes données" erases after confirmation', async ({
    page,
    api,
    isMobile,
  }) => {
    // The device votes on a fresh prediction (through the API, with the identity the page was issued).
    await page.goto('/');
    const fingerprint = await pageIdentity(page);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const market = await api.createMarket();
    await api.vote(market.id, 'yes', fingerprint);

    await openPage(page, 'Politique de confidentialité', { isMobile });
    const section = page.getByRole('region', { name: 'Vos données' });
    await expect(section).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Télécharger mes données' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('predi974-mes-donnees.json');
    const path = await download.path();
    const exported = JSON.parse(await readFile(path, 'utf8')) as PrivacyExport;
    expect(exported.fingerprint).toBe(fingerprint);
    expect(exported.marketVotes).toEqual([
      expect.objectContaining({ marketId: market.id, voteType: 'yes', marketStatus: 'open' }),
    ]);
    await expect(section.getByText('Téléchargement lancé : predi974-mes-donnees.json')).toBeVisible();

    // A confirmation step first; "Annuler" keeps everything.
    await section.getByRole('button', { name: 'Effacer mes données' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Effacer définitivement vos données ?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();
    expect((await api.market(market.id)).totalVotes).toBe(1);

    await section.getByRole('button', { name: 'Effacer mes données' }).click();
    await expect(confirm.getByRole('button', { name: 'Oui, effacer mes données' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Oui, effacer mes données' }).click();
    await expect(section.getByTestId('erase-result')).toHaveText(
      'Vos données ont été effacées : 1 vote supprimé, 0 vote détaché de votre appareil, 0 vote municipal supprimé.',
    );
    expect((await api.market(market.id)).totalVotes).toBe(0);
    // The device forgets the erased identity too: a later vote gets a new one.
    expect(await page.evaluate(() => localStorage.getItem('user_fingerprint'))).toBeNull();
    expect((await page.context().cookies()).filter((cookie) => cookie.name === 'user_fingerprint')).toEqual([]);

    // The cache was invalidated: the home list no longer shows the vote.
    await expectBackHome(page);
    await page.getByRole('searchbox', { name: 'Rechercher une prédiction' }).fill(market.title);
    await expect(page.locator('article')).toHaveCount(1);
    await expect(page.locator('article')).not.toContainText('Vous avez voté');
  });
});

const PAGES: PageName[] = ['Documentation', 'Mentions légales', 'Politique de cookies', 'Politique de confidentialité'];
for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.use({ theme });
    for (const name of PAGES) {
      test(`${name} has no axe violations`, async ({ page, isMobile }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await openPage(page, name, { isMobile });
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
        else await expect(page.locator('html')).not.toHaveClass(/dark/);
        if (name === 'Documentation') await expect(page.getByTestId('vote-change-rule')).toBeVisible();
        if (name === 'Politique de confidentialité') {
          await page.getByRole('button', { name: 'Effacer mes données' }).click();
          await expect(page.getByRole('alertdialog')).toBeVisible();
        }
        expect(await axeViolations(page, 'main')).toEqual([]);
      });
    }
  });
}
