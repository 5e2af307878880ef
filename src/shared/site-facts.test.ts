import { describe, expect, it } from 'vitest';
import { isInEuropeanUnion } from './site-facts.js';

describe('isInEuropeanUnion', () => {
  it.each(['France', 'france', 'France (La Réunion)', 'La Réunion', 'Allemagne', 'Pays-Bas', 'Suède', 'République tchèque'])(
    '%s is in the Union',
    (country) => {
      expect(isInEuropeanUnion(country)).toBe(true);
    },
  );

  it.each(['Singapour', 'États-Unis', 'Royaume-Uni', 'Suisse', 'Maurice', 'Madagascar', 'Francelandia', ''])(
    '%s is not',
    (country) => {
      expect(isInEuropeanUnion(country)).toBe(false);
    },
  );
});
