/**
 * Demo predictions picked by what data/seed/markets.json says about them (days to their end when seeded,
 * resolution, counts), never by the open/ended rule a test may be checking. Seeded end dates are
 * "now + endInDays": the shortest open one ends 9 days after the server starts, the most recent ended
 * one 2 days before, far from any test's duration.
 */
export const SEED_MARKETS = {
  /** Ends in 120 days; trending; 746 OUI, 512 NON. */
  open: 'huguette-bello-nouveau-mandat-region',
  /** Ends in 45 days; trending; 979 OUI, 681 NON. */
  openToo: 'participation-municipales-saint-denis-45',
  /** Ends in 180 days; no vote yet. */
  openWithoutVotes: 'nouvelle-liaison-aerienne-europe',
  /** Ended 6 days ago, not resolved; 244 OUI, 237 NON. */
  ended: 'debat-televise-candidats-saint-pierre',
  /** Ended 60 days ago, resolved OUI; 1291 OUI, 144 NON. */
  resolved: 'garance-alerte-rouge-declenchee',
} as const;

/** The 32 demo predictions open when seeded (endInDays > 0), in the file's order. */
export const OPEN_SEED_MARKETS = [
  'huguette-bello-nouveau-mandat-region',
  'participation-municipales-saint-denis-45',
  'saint-paul-plus-de-six-listes',
  'assemblee-unique-consultation',
  'prix-carburant-sans-plomb-2-euros',
  'reforme-octroi-de-mer-fin-annee',
  'chomage-sous-17-pourcent',
  'inflation-sous-2-pourcent',
  'tourisme-record-frequentation',
  'nouvelle-liaison-aerienne-europe',
  'campagne-sucriere-1-5-million-tonnes',
  'logements-sociaux-2000-livraisons',
  'allocataires-rsa-en-baisse',
  'rsma-1500-jeunes-volontaires',
  'alerte-rouge-cyclonique-cette-saison',
  'plus-de-dix-tempetes-baptisees',
  'vigilance-orange-fortes-pluies-15-jours',
  'festival-leu-tempo-20000-spectateurs',
  'sakifo-complet-toutes-soirees',
  'salle-musiques-actuelles-est',
  'dipavali-saint-andre-50000-visiteurs',
  'nrl-dernier-troncon-travaux',
  'transport-scolaire-gratuit-toute-ile',
  'run-rail-debut-travaux',
  'car-jaune-service-de-nuit',
  'securite-routiere-baisse-tues',
  'urgences-chu-felix-guyon-attente',
  'dengue-1000-cas-saison-des-pluies',
  'depistage-diabete-pharmacies',
  'piton-de-la-fournaise-eruption-30-jours',
  'photovoltaique-15-pourcent-electricite',
  'requins-nouvelle-zone-baignade-ouest',
] as const;

/** The 8 demo predictions already ended when seeded (endInDays < 0); the 2 resolved ones included. */
export const ENDED_SEED_MARKETS = [
  'debat-televise-candidats-saint-pierre',
  'cantine-1-euro-ecoles-saint-denis',
  'garance-alerte-rouge-declenchee',
  'indemnisations-agriculteurs-garance',
  'grand-raid-record-diagonale-des-fous',
  'roland-garros-2-5-millions-passagers',
  'vaccination-grippe-seniors-40-pourcent',
  'plantations-especes-indigenes-100000',
] as const;

const OPEN_IDS: ReadonlySet<string> = new Set(OPEN_SEED_MARKETS);

/** The predictions of a demo-seeded list known to be open, by id, in the list's order. */
export function knownOpen<T extends { id: string }>(markets: readonly T[]): T[] {
  return markets.filter((market) => OPEN_IDS.has(market.id));
}
