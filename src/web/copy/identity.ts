/** The errors of the device's identity and of the proof of work (lib/identity-store.ts, lib/fingerprint.ts, lib/proof). */
export const identityCopy = {
  unavailable: 'Identité indisponible',
  invalid: 'Identité reçue invalide',
  proofUnavailable: (reason: string) => `Preuve de travail impossible à calculer : ${reason}`,
  interrupted: 'le calcul a été interrompu',
  noSolution: 'aucune solution trouvée',
} as const;
