import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.js';
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
