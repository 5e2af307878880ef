import { describe, expect, it } from 'vitest';
import {
  firstOfTheMonth,
  formatCount,
  formatPercentOneDecimal,
  formatDayAndTime,
  formatLongDate,
  formatPercent,
  frenchTypography,
  votesLabel,
} from './format.js';

describe('formatPercent', () => {
  it('writes a whole percentage with a narrow no-break space before the sign', () => {
    expect(formatPercent(46)).toBe('46\u202f%');
    expect(formatPercent(0)).toBe('0\u202f%');
    expect(formatPercent(100)).toBe('100\u202f%');
  });

  it('writes one decimal with a comma when asked', () => {
    expect(formatPercent(46.1, 1)).toBe('46,1\u202f%');
    expect(formatPercent(43.95, 1)).toBe('44,0\u202f%');
    expect(formatPercent(50, 1)).toBe('50,0\u202f%');
  });
});

describe('formatPercentOneDecimal', () => {
  it('rounds the number as it is written (0.35 up, 0.34 down), half away from zero, as fr-FR does', () => {
    expect(formatPercentOneDecimal(0)).toBe('0,0');
    expect(formatPercentOneDecimal(0.05)).toBe('0,1');
    expect(formatPercentOneDecimal(0.25)).toBe('0,3');
    expect(formatPercentOneDecimal(0.34)).toBe('0,3');
    expect(formatPercentOneDecimal(0.35)).toBe('0,4');
    expect(formatPercentOneDecimal(99.95)).toBe('100,0');
    expect(formatPercentOneDecimal(1234.56)).toBe('1\u202f234,6');
    expect(formatPercentOneDecimal(12345678.95)).toBe('12\u202f345\u202f679,0');
    expect(formatPercentOneDecimal(-0.04)).toBe('-0,0');
    expect(formatPercentOneDecimal(5e-324)).toBe('0,0');
    expect(formatPercentOneDecimal(1e21)).toBe('1\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000,0');
  });
});

describe('formatCount', () => {
  it('writes numbers under a thousand as they are, and groups thousands with a narrow no-break space', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1\u202f000');
    expect(formatCount(1234567)).toBe('1\u202f234\u202f567');
    expect(formatCount(12.5)).toBe('12,5');
    expect(formatCount(-5)).toBe('-5');
  });

  it('writes whole numbers as fr-FR does, at the edges of each group of three', () => {
    expect(formatCount(1)).toBe('1');
    expect(formatCount(9999)).toBe('9\u202f999');
    expect(formatCount(10000)).toBe('10\u202f000');
    expect(formatCount(99999)).toBe('99\u202f999');
    expect(formatCount(100000)).toBe('100\u202f000');
    expect(formatCount(999999)).toBe('999\u202f999');
    expect(formatCount(1000000)).toBe('1\u202f000\u202f000');
    expect(formatCount(-999)).toBe('-999');
    expect(formatCount(-1000)).toBe('-1\u202f000');
    expect(formatCount(-1234567)).toBe('-1\u202f234\u202f567');
    expect(formatCount(9007199254740991)).toBe('9\u202f007\u202f199\u202f254\u202f740\u202f991');
    expect(formatCount(-0)).toBe('-0');
    expect(formatCount(1234.5)).toBe('1\u202f234,5');
  });
});

describe('votesLabel', () => {
  it('starts the plural at two', () => {
    expect(votesLabel(0)).toBe('0 vote');
    expect(votesLabel(1)).toBe('1 vote');
    expect(votesLabel(2)).toBe('2 votes');
    expect(votesLabel(12345)).toBe('12\u202f345 votes');
  });
});

describe('frenchTypography', () => {
  it('binds "?" to the word before it with a narrow no-break space, replacing a plain space', () => {
    expect(frenchTypography('Le cyclone passera-t-il avant la fin de l’année ?')).toBe(
      'Le cyclone passera-t-il avant la fin de l’année\u202f?',
    );
    expect(frenchTypography('Vraiment?')).toBe('Vraiment\u202f?');
  });

  it('puts a narrow no-break space before "!" and ";"', () => {
    expect(frenchTypography('Vote enregistré!')).toBe('Vote enregistré\u202f!');
    expect(frenchTypography('J’ai compris !')).toBe('J’ai compris\u202f!');
    expect(frenchTypography('un point ; un autre')).toBe('un point\u202f; un autre');
  });

  it('puts a no-break space before ":" but leaves addresses and times alone', () => {
    expect(frenchTypography('Prix carburant : le litre')).toBe('Prix carburant\u00a0: le litre');
    expect(frenchTypography('Vote terminé: Ce marché est terminé.')).toBe('Vote terminé\u00a0: Ce marché est terminé.');
    expect(frenchTypography('Difficulté actuelle :')).toBe('Difficulté actuelle\u00a0:');
    expect(frenchTypography('https://predi974.re à 14:05')).toBe('https://predi974.re à 14:05');
  });

  it('binds "%" to its number', () => {
    expect(frenchTypography('dépassera-t-elle 45 % ?')).toBe('dépassera-t-elle 45\u202f%\u202f?');
    expect(frenchTypography('sous les 17%')).toBe('sous les 17\u202f%');
  });

  it('binds "€" to its amount and the groups of a number to each other', () => {
    expect(frenchTypography('passera-t-il à 1 € dans toutes les écoles')).toBe('passera-t-il à 1\u00a0€ dans toutes les écoles');
    expect(frenchTypography('moins de 2€')).toBe('moins de 2\u00a0€');
    expect(frenchTypography('Plus de 100 000 plants')).toBe('Plus de 100\u202f000 plants');
    expect(frenchTypography('1 250 000 habitants')).toBe('1\u202f250\u202f000 habitants');
    // Two numbers that are not one: the second has not three digits, or more.
    expect(frenchTypography('entre 10 et 20, les 3 12 ou 2026 2027')).toBe('entre 10 et 20, les 3 12 ou 2026 2027');
  });

  it('leaves a second punctuation mark and an ellipsis unspaced', () => {
    expect(frenchTypography('Quoi ?!')).toBe('Quoi\u202f?!');
    expect(frenchTypography('Rechercher une prédiction...')).toBe('Rechercher une prédiction...');
  });

  it('makes apostrophes between letters typographic, and only those', () => {
    expect(frenchTypography("l'actualité de l'île")).toBe('l’actualité de l’île');
    expect(frenchTypography("'citation'")).toBe("'citation'");
  });

  it('spaces the inside of guillemets with no-break spaces', () => {
    expect(frenchTypography('le bouton « Refuser » du bandeau')).toBe('le bouton «\u00a0Refuser\u00a0» du bandeau');
    expect(frenchTypography('«Refuser»')).toBe('«\u00a0Refuser\u00a0»');
  });

  it('changes nothing when applied a second time', () => {
    const once = frenchTypography("Prix : 2 € à l'île ? « Oui » 45 % !");
    expect(once).toBe('Prix\u00a0: 2\u00a0€ à l’île\u202f? «\u00a0Oui\u00a0» 45\u202f%\u202f!');
    expect(frenchTypography(once)).toBe(once);
  });
});

describe('formatDayAndTime', () => {
  it('writes the day and the time in the island’s time zone (UTC+4)', () => {
    expect(formatDayAndTime(Date.UTC(2026, 10, 24, 10, 5))).toBe('24 novembre à 14 h 05');
    expect(formatDayAndTime(new Date('2026-03-01T20:30:00Z'))).toBe('2 mars à 00 h 30');
  });
});

describe('the first day of a month', () => {
  it('is written "1er" in a long date, in the island’s time zone', () => {
    // 31 January 22:00 UTC is already 1 February on the island (UTC+4).
    expect(formatLongDate('2027-01-31T22:00:00.000Z')).toBe('1er février 2027');
    expect(formatLongDate('2027-01-31T19:59:59.000Z')).toBe('31 janvier 2027');
    expect(formatLongDate('2026-12-01T08:00:00.000Z')).toBe('1er décembre 2026');
  });

  it('leaves other days, and a 1 that is no day, as they are', () => {
    expect(firstOfTheMonth('mardi 1 septembre à 14:00')).toBe('mardi 1er septembre à 14:00');
    expect(firstOfTheMonth('11 février 2027')).toBe('11 février 2027');
    expect(firstOfTheMonth('21 mars 2027')).toBe('21 mars 2027');
    expect(firstOfTheMonth('1 maison')).toBe('1 maison');
  });
});
