import { describe, expect, it } from 'vitest';
import { homeDataScript } from './home-page.js';
import type { Market } from './market.js';

const market: Market = {
  id: 'm1',
  title: 'Un titre </script><script>alert(1)</script> <!-- et \u2028 fin',
  description: 'Description',
  category: 'politique',
  endDate: '2027-01-01T00:00:00.000Z',
  yesVotes: 3,
  noVotes: 1,
  totalVotes: 4,
  yesPercentage: 75,
  noPercentage: 25,
  trending: false,
  resolved: false,
  outcome: null,
};

describe('the list embedded in the server-rendered page', () => {
  it('is one JSON script element whatever a title holds: no "<" inside, read back unchanged', () => {
    const element = homeDataScript({
      page: { items: [market], total: 1, page: 1, pageCount: 1, pageSize: 48 },
      renderedAt: 1_795_000_000_000,
    });
    expect(element.startsWith('<script type="application/json" id="home-data">')).toBe(true);
    expect(element.endsWith('</script>')).toBe(true);
    const text = element.slice('<script type="application/json" id="home-data">'.length, -'</script>'.length);
    expect(text).not.toContain('<');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual({
      page: { items: [market], total: 1, page: 1, pageCount: 1, pageSize: 48 },
      renderedAt: 1_795_000_000_000,
    });
  });
});
