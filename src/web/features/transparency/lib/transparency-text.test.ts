import { describe, expect, it } from 'vitest';
import { difficultyText, formatDay } from './transparency-text.js';

describe('difficultyText', () => {
  it('says "Normale" while the highest difficulty asked is the normal one', () => {
    expect(difficultyText({ protection: 'on', difficulty: { normal: 5000, current: 5000 } })).toEqual({
      level: 'Normale',
      sentence:
        'En temps normal, un vote demande à votre appareil environ 5\u202f000 calculs, une fraction de seconde sur un téléphone. C’est le cas en ce moment pour tous les votes.',
    });
  });

  it('stays "Normale" just under one and a half times the normal work, "Relevée" from there', () => {
    expect(difficultyText({ protection: 'on', difficulty: { normal: 1000, current: 1499 } }).level).toBe('Normale');
    expect(difficultyText({ protection: 'on', difficulty: { normal: 1000, current: 1500 } }).level).toBe('Relevée');
  });

  it('gives the highest difficulty and the ratio when raised', () => {
    expect(difficultyText({ protection: 'on', difficulty: { normal: 5000, current: 320000 } }).sentence).toBe(
      'En temps normal, un vote demande à votre appareil environ 5\u202f000 calculs, une fraction de seconde sur un téléphone. En ce moment, là où des votes arrivent à un rythme anormal, il en faut jusqu’à 320\u202f000, soit 64 fois plus ; les autres votes restent à la difficulté normale.',
    );
  });

  it('says when the protection is off', () => {
    expect(difficultyText({ protection: 'off', difficulty: { normal: 0, current: 0 } })).toEqual({
      level: 'Désactivée',
      sentence: 'La protection est désactivée sur ce serveur : aucun calcul n’est demandé aux appareils.',
    });
  });
});

describe('formatDay', () => {
  it('writes the calendar day in French, whatever the time zone', () => {
    expect(formatDay('2026-11-23')).toBe('lundi 23 novembre 2026');
    expect(formatDay('2026-01-01')).toBe('jeudi 1 janvier 2026');
  });
});
