import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client.js';
import { IdentityUnavailableError } from '../../../lib/identity-store.js';
import { municipalVoteErrorText } from '../../municipal/index.js';
import { voteErrorText } from './cast-vote.js';

describe('voteErrorText', () => {
  it("shows the server's own text", () => {
    expect(voteErrorText(new ApiError('Ce marché est terminé. Les votes ne sont plus acceptés.', 409))).toBe(
      'Ce marché est terminé. Les votes ne sont plus acceptés.',
    );
  });

  it('turns any other exception of the vote flow into the catalogue text', () => {
    expect(voteErrorText(new SyntaxError('Unexpected token'))).toBe('Une erreur est survenue lors du vote.');
  });

  it('says "Erreur inconnue" for a failure that is not an Error', () => {
    expect(voteErrorText('boom')).toBe('Erreur inconnue');
    expect(voteErrorText(undefined)).toBe('Erreur inconnue');
  });
});

describe('voteErrorText without network', () => {
  it('says the vote was not sent when the request never reached the server, or the identity could not be obtained for that reason', () => {
    expect(voteErrorText(new NetworkError())).toBe(
      'Pas de connexion : votre vote n’a pas été envoyé. Réessayez quand le réseau reviendra.',
    );
    expect(voteErrorText(new IdentityUnavailableError(new NetworkError()))).toBe(
      'Pas de connexion : votre vote n’a pas été envoyé. Réessayez quand le réseau reviendra.',
    );
  });

  it('keeps the server’s own answers and the identity text otherwise', () => {
    expect(voteErrorText(new ApiError('Une erreur est survenue', 500))).toBe('Une erreur est survenue');
    expect(voteErrorText(new IdentityUnavailableError(new ApiError('Trop de requêtes', 429)))).toBe(
      'Empreinte utilisateur non disponible',
    );
  });
});

describe('municipalVoteErrorText without network', () => {
  it('says the vote was not sent', () => {
    expect(municipalVoteErrorText(new NetworkError())).toBe(
      'Pas de connexion : votre vote n’a pas été envoyé. Réessayez quand le réseau reviendra.',
    );
    expect(municipalVoteErrorText(new ApiError('Une erreur est survenue', 500))).toBeNull();
  });
});
