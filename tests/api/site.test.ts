/**
 * GET /api/site: the publisher and host of the deployment, from the SITE_* variables; the demonstration
 * values, each named in `demoValues`, for those left unset.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { DIALECTS } from '../support/databases.js';
import { getJson, startTestServer, type TestServer } from '../support/test-server.js';

describe.each(DIALECTS)('GET /api/site (%s)', (dialect) => {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers the configured publisher and host, none marked as demonstration', async () => {
    t = await startTestServer(dialect, {
      SITE_PUBLISHER: 'Association Kour Lavenir',
      SITE_PUBLISHER_ADDRESS: '12 rue de Paris, 97400 Saint-Denis, La Réunion',
      SITE_CONTACT_EMAIL: 'bonjour@kour-lavenir.re',
      SITE_HOST_NAME: 'Hébergeur Péi SAS',
      SITE_HOST_ADDRESS: '1 rue du Port, 97420 Le Port',
      SITE_HOST_COUNTRY: 'France',
    });
    const { status, body, headers } = await getJson(`${t.url}/api/site`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=300');
    expect(body).toEqual({
      publisher: 'Association Kour Lavenir',
      publisherAddress: '12 rue de Paris, 97400 Saint-Denis, La Réunion',
      contactEmail: 'bonjour@kour-lavenir.re',
      hostName: 'Hébergeur Péi SAS',
      hostAddress: '1 rue du Port, 97420 Le Port',
      hostCountry: 'France',
      demoValues: [],
    });
  });

  it('falls back to the demonstration values, each named, for what is unset or blank', async () => {
    t = await startTestServer(dialect, { SITE_PUBLISHER: 'Association Kour Lavenir', SITE_HOST_COUNTRY: '' });
    const { status, body } = await getJson(`${t.url}/api/site`);
    expect(status).toBe(200);
    expect(body).toEqual({
      publisher: 'Association Kour Lavenir',
      publisherAddress: 'Saint-Denis, La Réunion, France',
      contactEmail: 'contact@predi974.re',
      hostName: 'un fournisseur de « backend-as-a-service »',
      hostAddress: 'adresse non renseignée',
      hostCountry: 'Singapour',
      demoValues: ['publisherAddress', 'contactEmail', 'hostName', 'hostAddress', 'hostCountry'],
    });
  });
});

describe('SITE_* configuration', () => {
  it('refuses a contact that is not an e-mail address, and blank or overlong lines', () => {
    expect(() => loadConfig({ SITE_CONTACT_EMAIL: 'contact-at-example' })).toThrow(
      'Invalid configuration: SITE_CONTACT_EMAIL must be an e-mail address',
    );
    expect(() => loadConfig({ SITE_PUBLISHER: '   ' })).toThrow('Invalid configuration: SITE_PUBLISHER');
    expect(() => loadConfig({ SITE_HOST_NAME: 'x'.repeat(201) })).toThrow('Invalid configuration: SITE_HOST_NAME');
    expect(loadConfig({ SITE_HOST_NAME: `  ${'x'.repeat(200)}  ` }).site.facts.hostName).toBe('x'.repeat(200));
  });
});
