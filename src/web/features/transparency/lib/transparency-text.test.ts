import { describe, expect, it } from 'vitest';
import { difficultyText, formatDay } from './transparency-text.js';

describe('difficultyText', () => {
  it('says "Normale" while most votes of the day paid the normal price', () => {
    expect(difficultyText({ protection: 'on', difficulty: { normal: 5000, typical: 5000 } })).toEqual({
      level: 'Normale',
      sentence:
        'En temps normal, un vote demande à votre appareil environ 5\u202f000 calculs, une fraction de seconde sur un téléphone. C’est ce qu’ont demandé la plupart des votes aujourd’hui.',
    });
  });

  it('stays "Normale" just under one and a half times the normal work, "Relevée" from there', () => {
    expect(difficultyText({ protection: 'on', difficulty: { normal: 1000, typical: 1499 } }).level).toBe('Normale');
    expect(difficultyText({ protection: 'on', difficulty: { normal: 1000, typical: 1500 } }).level).toBe('Relevée');
  });

  it('gives the price most votes paid and the ratio when raised', () => {
    expect(difficultyText({ protection: 'on', difficulty: { normal: 5000, typical: 320000 } }).sentence).toBe(
      'En temps normal, un vote demande à votre appareil environ 5\u202f000 calculs, une fraction de seconde sur un téléphone. Aujourd’hui, la plupart des votes en ont demandé environ 320\u202f000, soit 64 fois plus.',
    );
  });

  it('says when the protection is off', () => {
    expect(difficultyText({ protection: 'off', difficulty: { normal: 0, typical: 0 } })).toEqual({
      level: 'Désactivée',
      sentence: 'La protection est désactivée sur ce serveur : aucun calcul n’est demandé aux appareils.',
    });
  });
});

describe('formatDay', () => {
  it('writes the calendar day in French, whatever the time zone', () => {
    expect(formatDay('2026-11-23')).toBe('lundi 23 novembre 2026');
    expect(formatDay('2026-01-01')).toBe('jeudi 1er janvier 2026');
  });
});
