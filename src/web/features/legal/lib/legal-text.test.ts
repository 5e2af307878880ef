import { describe, expect, it } from 'vitest';
import { erasureSummary, formatFrenchDay, voteChangeAnswer } from './legal-text.js';

describe('voteChangeAnswer', () => {
  it('states the rule in force', () => {
    expect(voteChangeAnswer('allowed')).toBe(
      "Vous pouvez changer d'avis tant que la prédiction est ouverte : votre vote passe de OUI à NON (ou l'inverse), sans compter un participant de plus.",
    );
    expect(voteChangeAnswer('forbidden')).toBe('Un vote ne peut pas être modifié.');
  });
});

describe('formatFrenchDay', () => {
  it('writes the privacy page date in French', () => {
    expect(formatFrenchDay('2025-10-07')).toBe('7 octobre 2025');
    expect(formatFrenchDay('2026-01-01')).toBe('1er janvier 2026');
  });
});

describe('erasureSummary', () => {
  it('counts what was erased, with French plurals', () => {
    expect(erasureSummary({ erasedVotes: 2, unlinkedVotes: 1, erasedMunicipalVotes: 0, unlinkedMunicipalVotes: 0 })).toBe(
      'Vos données ont été effacées : 2 votes supprimés, 1 vote détaché de votre appareil, 0 vote municipal supprimé.',
    );
    expect(erasureSummary({ erasedVotes: 1, unlinkedVotes: 0, erasedMunicipalVotes: 3, unlinkedMunicipalVotes: 0 })).toBe(
      'Vos données ont été effacées : 1 vote supprimé, 0 vote détaché de votre appareil, 3 votes municipaux supprimés.',
    );
  });

  it('mentions municipal votes kept for closed elections', () => {
    expect(erasureSummary({ erasedVotes: 0, unlinkedVotes: 0, erasedMunicipalVotes: 0, unlinkedMunicipalVotes: 2 })).toBe(
      'Vos données ont été effacées : 0 vote supprimé, 0 vote détaché de votre appareil, 0 vote municipal supprimé, 2 votes municipaux détachés de votre appareil.',
    );
  });

  it('says so when nothing was linked to the device', () => {
    expect(erasureSummary({ erasedVotes: 0, unlinkedVotes: 0, erasedMunicipalVotes: 0, unlinkedMunicipalVotes: 0 })).toBe(
      'Vos données ont été effacées : aucun vote n’était associé à cet appareil.',
    );
  });
});
