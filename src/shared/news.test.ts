import { describe, expect, it } from 'vitest';
import { alertColour, alertLabel, currentAlerts, isAlertCurrent, type WeatherAlert } from './news.js';

const base = { zone: 'Est', places: '', advice: 'Restez à l’abri.' };
const alert = (id: string, rest: Partial<WeatherAlert>): WeatherAlert =>
  ({
    id,
    kind: 'cyclone',
    level: 'alerte-orange',
    issuedAt: '2026-02-14T10:00:00.000Z',
    endsAt: '2026-02-14T20:00:00.000Z',
    ...base,
    ...rest,
  }) as WeatherAlert;

describe('isAlertCurrent', () => {
  const a = alert('a', {});
  it.each([
    ['2026-02-14T09:59:59.999Z', false],
    ['2026-02-14T10:00:00.000Z', true],
    ['2026-02-14T19:59:59.999Z', true],
    ['2026-02-14T20:00:00.000Z', false],
    ['2026-11-23T05:00:00.000Z', false],
  ])('at %s → %s', (at, expected) => {
    expect(isAlertCurrent(a, new Date(at))).toBe(expected);
  });
});

describe('currentAlerts', () => {
  it('keeps only the current ones, most severe first, then the latest issued', () => {
    const list = [
      alert('rain-orange', { kind: 'pluies', level: 'orange', issuedAt: '2026-02-14T11:00:00.000Z' }),
      alert('ended-violet', { level: 'alerte-violette', endsAt: '2026-02-14T11:59:59.000Z' }),
      alert('red', { level: 'alerte-rouge' }),
      alert('cyclone-orange', { level: 'alerte-orange', issuedAt: '2026-02-14T09:00:00.000Z' }),
      alert('not-yet', { level: 'alerte-rouge', issuedAt: '2026-02-14T13:00:00.000Z' }),
    ];
    expect(currentAlerts(list, new Date('2026-02-14T12:00:00.000Z')).map((item) => item.id)).toEqual([
      'red',
      'rain-orange',
      'cyclone-orange',
    ]);
  });
});

describe('Météo-France vocabulary', () => {
  it.each([
    ['cyclone', 'pre-alerte-jaune', 'Pré-alerte jaune cyclonique', 'yellow'],
    ['cyclone', 'alerte-orange', 'Alerte orange cyclonique', 'orange'],
    ['cyclone', 'alerte-rouge', 'Alerte rouge cyclonique', 'red'],
    ['cyclone', 'alerte-violette', 'Alerte violette cyclonique', 'violet'],
    ['cyclone', 'sauvegarde', 'Phase de sauvegarde', 'grey'],
    ['pluies', 'jaune', 'Vigilance jaune fortes pluies et inondations', 'yellow'],
    ['pluies', 'orange', 'Vigilance orange fortes pluies et inondations', 'orange'],
    ['pluies', 'rouge', 'Vigilance rouge fortes pluies et inondations', 'red'],
  ] as const)('%s %s → "%s", %s', (kind, level, label, colour) => {
    const value = { kind, level } as Pick<WeatherAlert, 'kind' | 'level'>;
    expect(alertLabel(value)).toBe(label);
    expect(alertColour(value)).toBe(colour);
  });
});
