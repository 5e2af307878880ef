import { describe, expect, it } from 'vitest';
import {
  alertColour,
  alertLabel,
  currentAlerts,
  isAlertCurrent,
  isNewsRecent,
  isNewsTrending,
  rankNews,
  type NewsItem,
  type WeatherAlert,
} from './news.js';

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

describe('news freshness', () => {
  const now = new Date('2026-11-27T06:00:00.000Z');
  it.each([
    ['published a minute ago', '2026-11-27T05:59:00.000Z', true],
    ['24 hours less a millisecond ago', '2026-11-26T06:00:00.001Z', true],
    ['exactly 24 hours ago', '2026-11-26T06:00:00.000Z', false],
    ['a year ago', '2025-11-27T06:00:00.000Z', false],
    ['dated a minute ahead (a slow clock)', '2026-11-27T06:01:00.000Z', true],
  ] as const)('%s: recent %s', (_name, publishedAt, recent) => {
    expect(isNewsRecent({ publishedAt }, now)).toBe(recent);
    expect(isNewsTrending({ publishedAt, trending: true }, now)).toBe(recent);
    expect(isNewsTrending({ publishedAt, trending: false }, now)).toBe(false);
  });

  const item = (id: string, publishedAt: string, views: number): NewsItem => ({
    id,
    title: id,
    summary: '',
    category: 'weather',
    publishedAt,
    author: 'Rédaction',
    readTime: 2,
    views,
    viewsChange: 0,
    image: '🌀',
    trending: true,
    pressUrl: 'https://example.re/',
  });

  it('recent items first, most read first; older ones after them, newest first, whatever their views', () => {
    const items = [
      item('alerte-rouge-an-dernier', '2025-11-26T18:00:00.000Z', 90_000),
      item('route-hier-soir', '2026-11-26T06:00:00.000Z', 50_000),
      item('ecoles-ce-matin', '2026-11-27T04:00:00.000Z', 300),
      item('marche-cette-nuit', '2026-11-26T06:00:00.001Z', 1_200),
      item('festival-avant-hier', '2026-11-25T09:00:00.000Z', 70_000),
    ];
    expect(rankNews(items, now).map((entry) => entry.id)).toEqual([
      'marche-cette-nuit',
      'ecoles-ce-matin',
      'route-hier-soir',
      'festival-avant-hier',
      'alerte-rouge-an-dernier',
    ]);
  });
});
