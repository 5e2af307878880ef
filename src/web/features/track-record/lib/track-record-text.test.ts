import { describe, expect, it } from 'vitest';
import {
  comparisonSentence,
  crowdSentence,
  deviceSentence,
  formatScore,
  formatShare,
  resolvedCount,
  voteLabel,
} from './track-record-text.js';

describe('track record texts', () => {
  it('scores with two decimals and a decimal comma', () => {
    expect(formatScore(0)).toBe('0,00');
    expect(formatScore(0.25)).toBe('0,25');
    expect(formatScore(1 / 3)).toBe('0,33');
    expect(formatScore(0.260416)).toBe('0,26');
    expect(formatScore(1)).toBe('1,00');
  });

  it('percentages with a narrow no-break space before the sign', () => {
    expect(formatShare(0.5)).toBe('50\u202f%');
    expect(formatShare(2 / 3)).toBe('67\u202f%');
    expect(formatShare(0)).toBe('0\u202f%');
    expect(formatShare(1)).toBe('100\u202f%');
  });

  it('keeps the side of one half visible near the middle', () => {
    expect(formatShare(0.496)).toBe('49,6\u202f%');
    expect(formatShare(0.504)).toBe('50,4\u202f%');
    expect(formatShare(0.4999)).toBe('49,9\u202f%');
    expect(formatShare(0.5001)).toBe('50,1\u202f%');
    expect(formatShare(0.495)).toBe('49,5\u202f%');
    expect(formatShare(0.4949)).toBe('49\u202f%');
    expect(formatShare(0.505)).toBe('51\u202f%');
  });

  it('counts in the singular up to one', () => {
    expect(resolvedCount(0)).toBe('0 prédiction résolue');
    expect(resolvedCount(1)).toBe('1 prédiction résolue');
    expect(resolvedCount(2)).toBe('2 prédictions résolues');
    expect(voteLabel('yes')).toBe('OUI');
    expect(voteLabel('no')).toBe('NON');
  });

  it('the device’s sentence', () => {
    expect(deviceSentence(1, 1)).toBe('Vous avez vu juste sur la seule prédiction résolue.');
    expect(deviceSentence(0, 1)).toBe('Vous n’avez pas vu juste sur la seule prédiction résolue.');
    expect(deviceSentence(1, 2)).toBe('Vous avez vu juste sur 1 des 2 prédictions résolues.');
  });

  it('the crowd’s sentence, 50 % being neither right nor wrong', () => {
    expect(crowdSentence(1, 0, 1)).toBe('Sur la même prédiction, la foule a vu juste.');
    expect(crowdSentence(0, 0, 1)).toBe('Sur la même prédiction, la foule s’est trompée.');
    expect(crowdSentence(0, 1, 1)).toBe('Sur la même prédiction, la foule était partagée à 50\u202f% : ni juste, ni fausse.');
    expect(crowdSentence(3, 0, 4)).toBe('Sur les mêmes prédictions, la foule a vu juste 3 fois sur 4.');
    expect(crowdSentence(1, 2, 4)).toBe(
      'Sur les mêmes prédictions, la foule a vu juste 1 fois sur 4. Elle était partagée à 50\u202f% sur 2 d’entre elles : ni juste, ni fausse.',
    );
  });

  it('the comparison', () => {
    expect(comparisonSentence('better')).toBe('Votre score est plus bas que celui de la foule : vous avez fait mieux qu’elle.');
    expect(comparisonSentence('worse')).toBe('Le score de la foule est plus bas que le vôtre : la foule a fait mieux que vous.');
    expect(comparisonSentence('equal')).toBe('Votre score et celui de la foule sont égaux : vous faites jeu égal.');
  });
});
