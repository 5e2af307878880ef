import { randomBytes } from 'node:crypto';
import type { Market } from '../../../src/shared/market.js';
import type { Candidate, Commune } from '../../../src/shared/municipal.js';
import { ADMIN_TOKEN } from './built-server.js';

/** The state a flow needs before the page opens, made through the server's real admin API. */
export class AdminApi {
  constructor(private readonly url: string) {}

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${this.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  /** An open prediction with a title no other one has. */
  createMarket(): Promise<Market> {
    const tag = randomBytes(4).toString('hex');
    return this.send<Market>('POST', '/api/admin/markets', {
      title: `Firefox ${tag} : la prédiction se réalisera-t-elle ?`,
      description: `Prédiction de test ${tag}.`,
      category: 'culture',
      endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      trending: false,
    });
  }

  market(id: string): Promise<Market> {
    return this.send<Market>('GET', `/api/markets/${id}`);
  }

  /** A commune with the given candidates, none of them voted for yet. */
  async createCommune(names: string[]): Promise<{ commune: Commune; candidates: Candidate[] }> {
    const tag = randomBytes(3).toString('hex');
    const commune = await this.send<Commune>('POST', '/api/admin/municipal', {
      title: `Élection Municipale Firefoxville-${tag} 2026`,
      trending: false,
    });
    const candidates: Candidate[] = [];
    for (const name of names)
      candidates.push(await this.send<Candidate>('POST', `/api/admin/municipal/${commune.id}/candidates`, { name }));
    return { commune, candidates };
  }

  candidates(communeId: string): Promise<Candidate[]> {
    return this.send<Candidate[]>('GET', `/api/municipal/${communeId}/candidates`);
  }
}
