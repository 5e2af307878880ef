/** Cache keys of the municipal feature, in one place so updates never retype strings. */
export const municipalKeys = {
  all: ['municipal'] as const,
  communes: () => [...municipalKeys.all, 'communes'] as const,
  candidates: (communeId: string) => [...municipalKeys.all, 'candidates', communeId] as const,
  votes: () => [...municipalKeys.all, 'votes'] as const,
  history: (communeId: string, range?: string) =>
    range === undefined
      ? ([...municipalKeys.all, 'history', communeId] as const)
      : ([...municipalKeys.all, 'history', communeId, range] as const),
};
