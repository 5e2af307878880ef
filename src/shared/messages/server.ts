/** The server's own failures, as they are logged or thrown inside it (never sent as such). */
export const serverText = {
  /** An answer its declaration does not allow (src/server/http/contract.ts): logged, the client gets « Réponse hors contrat ». */
  responseOutOfContractOn: (route: string) => `Réponse hors contrat sur ${route}`,
  /** A call of an endpoint without one of its path's parameters: a bug of the caller. */
  missingPathParameter: (endpoint: string, key: string) => `${endpoint}: paramètre ${key} manquant`,
};
