/** The errors of the device's identity and of the proof of work (lib/identity-store.ts, lib/fingerprint.ts, lib/proof). */
export const unavailable = 'Identité indisponible';
export const invalid = 'Identité reçue invalide';
export const proofUnavailable = (reason: string) => `Preuve de travail impossible à calculer : ${reason}`;
export const interrupted = 'le calcul a été interrompu';
export const noSolution = 'aucune solution trouvée';
