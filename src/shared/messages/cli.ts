/**
 * The command lines' French: `npm run admin` (its help, its answers, its refusals), `db:backup`,
 * `db:restore`, `db:check` and `retention`, and the server's own start and stop lines.
 */

/** `npm run admin`: the program, its help and commander's refusals. */
export const ADMIN_CLI_MESSAGES = {
  seeHelp: 'Voir : npm run admin -- help',
  programDescription: 'Prédi974 — administration (via l’API d’un serveur en marche)',
  urlOption: 'adresse du serveur (défaut : http://127.0.0.1:$PORT, PORT=3000 par défaut)',
  jsonOption: 'affiche la réponse brute en JSON',
  helpOption: 'cette aide',
  helpCommand: 'l’aide d’une commande',
  /** Commander's help headings. */
  helpTitles: {
    'Usage:': 'Utilisation :',
    'Options:': 'Options :',
    'Global Options:': 'Options générales :',
    'Commands:': 'Commandes :',
    'Arguments:': 'Arguments :',
  } as Readonly<Record<string, string>>,
  excessArguments: 'Argument inattendu',
  tokenMissing: 'ADMIN_TOKEN n’est pas défini : exportez le jeton d’administration du serveur (ADMIN_TOKEN=…).',
  hintUnauthorized: ' — vérifiez ADMIN_TOKEN',
  hintAdminOff: ' — le serveur n’a pas de ADMIN_TOKEN',
  /** Shared option descriptions. */
  trending: 'mise en avant',
  chosenIdFromTitle: 'identifiant choisi (sinon tiré du titre)',
  endOfVote: 'fin du vote',
} as const;

/** Printed after the admin command line's help (categories and date formats). */
export function adminAfterHelp(categories: readonly string[], newsHelp: string): string {
  return `
Le jeton d’administration est lu dans la variable d’environnement ADMIN_TOKEN
(jamais sur la ligne de commande, où il serait visible des autres utilisateurs).
Catégories : ${categories.join(', ')}.
Dates : AAAA-MM-JJ (fin de journée, heure de La Réunion) ou ISO 8601 complète.
${newsHelp}`;
}

/** Part of the admin help: the news categories and the alert levels. */
export function adminNewsHelp(
  newsCategories: readonly string[],
  cycloneLevels: readonly string[],
  rainLevels: readonly string[],
): string {
  return `Catégories d’articles : ${newsCategories.join(', ')}.
Alertes : --kind cyclone (${cycloneLevels.join(', ')}) ou --kind pluies (${rainLevels.join(', ')}).
Heures d’articles et d’alertes : AAAA-MM-JJTHH:MM (heure de La Réunion), ISO 8601 complète, ou « maintenant ».`;
}

export const adminCliText = {
  unknownCommand: (command: string) => `Commande inconnue : ${command}`,
  missingOption: (option: string) => `Option obligatoire manquante : ${option}`,
  unknownOption: (option: string) => `Option inconnue : ${option}`,
  missingArgument: (argument: string) => `Argument manquant : ${argument}`,
  unexpected: (message: string) => `Erreur inattendue : ${message}`,
  invalidUrl: (url: string) => `--url invalide : ${url}`,
  unreachable: (baseUrl: string, reason: string) =>
    `Impossible de joindre le serveur ${baseUrl} (${reason}). Est-il démarré ? Sinon précisez --url.`,
  httpError: (status: number, message: string, hint: string) => `Erreur ${status} : ${message}${hint}`,
  /** « Prédiction supprimée : x », « Candidat supprimé : x » (the thing named as in `ADMIN_CLI_THINGS`). */
  deleted: (what: string, id: string) => `${what} supprimé${what === 'Candidat' || what === 'Article' ? '' : 'e'} : ${id}`,
  expectsBoolean: (name: string, value: string) => `--${name} attend true ou false (reçu : ${value})`,
  expectsOutcome: (value: string) => `--outcome attend oui ou non (reçu : ${value})`,
};

/** What the admin commands name in their lines: the deleted thing, and the unit of a list's count. */
export const ADMIN_CLI_THINGS = {
  prediction: 'Prédiction',
  election: 'Élection',
  candidate: 'Candidat',
  article: 'Article',
  alert: 'Alerte',
  predictions: 'prédiction(s)',
  elections: 'élection(s)',
  candidates: 'candidat(s)',
  articles: 'article(s)',
  alerts: 'alerte(s)',
} as const;

/** `markets:*`. */
export const MARKET_CLI_MESSAGES = {
  list: 'les prédictions',
  create: 'crée une prédiction',
  update: 'modifie une prédiction',
  resolve: 'résout une prédiction',
  delete: 'supprime une prédiction et ses votes',
  question: 'la question',
  detail: 'le détail',
  outcome: 'le résultat',
  trendingFlag: 'tendance',
  nothingToUpdate: 'Rien à modifier : donnez au moins une option (--title, --trending…)',
  created: 'Prédiction créée :',
  updated: 'Prédiction modifiée :',
  resolved: 'Prédiction résolue :',
} as const;

export const marketCliText = {
  resolvedFlag: (outcome: 'yes' | 'no' | null) => `résolu : ${outcome === 'yes' ? 'OUI' : 'NON'}`,
  figures: (market: {
    category: string;
    endDate: string;
    yesVotes: number;
    yesPercentage: number;
    noVotes: number;
    noPercentage: number;
  }) =>
    `  ${market.category} · fin ${market.endDate} · OUI ${market.yesVotes} (${market.yesPercentage} %) / NON ${market.noVotes} (${market.noPercentage} %)`,
};

/** `communes:*` and `candidates:*`. */
export const COMMUNE_CLI_MESSAGES = {
  list: 'les élections municipales',
  create: 'crée une élection (--title "Élection Municipale Saint-Denis 2026" ou --name Saint-Denis)',
  update: 'modifie une élection',
  delete: 'supprime une élection, ses candidats et ses votes',
  candidatesList: 'les candidats d’une élection',
  candidatesAdd: 'ajoute un candidat',
  candidatesRename: 'renomme un candidat',
  candidatesDelete: 'supprime un candidat et ses votes',
  titleOrName: 'Donner --title ou --name, pas les deux',
  titleOrNameMissing: 'Option obligatoire manquante : --title ou --name',
  nothingToUpdate: 'Rien à modifier : donnez --title, --name ou --trending',
  trendingFlag: '  [tendance]',
  created: 'Élection créée :',
  updated: 'Élection modifiée :',
  candidateAdded: 'Candidat ajouté :',
  candidateRenamed: 'Candidat renommé :',
} as const;

export const communeCliText = {
  votes: (count: number) => `${count} vote(s)`,
  candidateVotes: (count: number) => `(${count} vote(s))`,
};

/** `news:*` and `alerts:*`. */
export const NEWS_CLI_MESSAGES = {
  list: 'les articles de la page Actualités',
  create: 'publie un article (publié maintenant sans --published-at)',
  update: 'modifie un article',
  delete: 'supprime un article',
  alertsList: 'toutes les alertes météo, terminées comprises',
  alertsCreate: 'émet une alerte (émise maintenant sans --issued-at)',
  alertsUpdate: 'modifie une alerte',
  alertsEnd: 'termine une alerte maintenant (sa fin devient l’instant présent)',
  alertsDelete: 'supprime une alerte',
  summary: 'le résumé',
  publishedAt: 'date de publication',
  readTime: 'temps de lecture',
  views: 'nombre de vues',
  viewsChange: 'évolution des vues',
  pressUrl: 'l’article de presse (http ou https)',
  kind: 'cyclone ou pluies',
  zone: 'la zone du titre : « Est et Sud »',
  places: 'les communes concernées',
  advice: 'la consigne',
  issuedAt: 'émission',
  endsAt: 'fin',
  alertChosenId: 'identifiant choisi (sinon tiré du type et de la zone)',
  trendingFlag: '  [tendance]',
  current: 'en cours',
  upcoming: 'à venir',
  ended: 'terminée',
  newsNothingToUpdate: 'Rien à modifier : donnez au moins une option (--title, --views…)',
  alertNothingToUpdate: 'Rien à modifier : donnez au moins une option (--level, --ends-at…)',
  published: 'Article publié :',
  newsUpdated: 'Article modifié :',
  alertIssued: 'Alerte émise :',
  alertUpdated: 'Alerte modifiée :',
  alertEnded: 'Alerte terminée :',
} as const;

export const newsCliText = {
  itemFigures: (item: {
    category: string;
    publishedAt: string;
    author: string;
    views: number;
    viewsChange: number;
    readTime: number;
  }) =>
    `  ${item.category} · publié ${item.publishedAt} · ${item.author} · ${item.views} vue(s) (${item.viewsChange > 0 ? '+' : ''}${item.viewsChange} %) · ${item.readTime} min`,
  alertDates: (issuedAt: string, endsAt: string) => `  émise ${issuedAt} · fin ${endsAt}`,
};

/** `npm run db:backup` and `npm run db:restore` (src/server/cli/db-backup.ts, db-restore.ts, src/server/db/sqlite-backup.ts). */
export const DB_FILE_CLI_MESSAGES = {
  backupUsage: `Usage : npm run db:backup -- <fichier>

Copie cohérente de la base SQLite de DATABASE_URL dans <fichier> (qui ne doit pas exister), serveur en marche.
Codes de sortie : 0 sauvegarde écrite et vérifiée, 1 échec de la copie, 2 mauvais usage.`,
  backupPostgresHint: 'DATABASE_URL désigne PostgreSQL : sauvegardez avec pg_dump -Fc (voir docs/administration.md).',
  backupFailure: 'Sauvegarde échouée, aucun fichier écrit',
  restoreUsage: `Usage : npm run db:restore -- <fichier>

Remplace la base SQLite de DATABASE_URL par la sauvegarde <fichier>, serveur arrêté.
Codes de sortie : 0 restaurée, 1 échec, 2 mauvais usage, 3 base ouverte par un serveur en marche,
4 le fichier n’est pas une base Prédi974 saine.`,
  restorePostgresHint: 'DATABASE_URL désigne PostgreSQL : restaurez avec pg_restore (voir docs/administration.md).',
  restoreFailure: 'Restauration échouée',
  countersEqual: 'compteurs égaux aux votes enregistrés',
  notSqlite: 'ce n’est pas une base SQLite',
  noMigrationTable: 'elle n’a pas de table des migrations (kysely_migration)',
  firstMigrationMissing: 'sa première migration (0001-initial) n’est pas appliquée',
} as const;

export const dbFileCliText = {
  backupWritten: (source: string, destination: string, seconds: string) =>
    `Sauvegarde de ${source} écrite dans ${destination} en ${seconds} s.`,
  restored: (backup: string, target: string) => `Sauvegarde ${backup} restaurée dans ${target}.`,
  /** A failure that is no refusal, after the command's own word for it. */
  failed: (failure: string, message: string) => `${failure} : ${message}`,
  countersDiffer: (count: number) => `ATTENTION : ${count} compteur(s) différent(s) des votes enregistrés (npm run db:check)`,
  summary: (summary: { votes: number; municipalVotes: number; migrations: number }, counters: string) =>
    `Contenu : ${summary.votes} vote(s) sur les prédictions, ${summary.municipalVotes} vote(s) municipaux, ${summary.migrations} migration(s) ; intégrité vérifiée ; ${counters}.`,
  cannotOpen: (path: string, message: string) => `${path} ne peut pas être ouvert : ${message}`,
  notAPredi974Database: (path: string, why: string) => `${path} n’est pas une base Prédi974 utilisable : ${why}.`,
  integrityCheckFailed: (message: string) => `le contrôle d’intégrité (PRAGMA integrity_check) a échoué (${message})`,
  integrityProblems: (count: number, first: string) =>
    `le contrôle d’intégrité (PRAGMA integrity_check) a trouvé ${count} problème(s), dont « ${first} »`,
  missingTables: (tables: readonly string[]) => `il lui manque les tables ${tables.join(', ')}`,
  newerVersion: (unknown: readonly string[]) =>
    `elle vient d’une version plus récente de Prédi974 (migrations inconnues : ${unknown.join(', ')})`,
  databaseInUse: (path: string) =>
    `Restauration refusée : la base ${path} est ouverte par un autre processus (un serveur Prédi974 en marche ?). ` +
    `Arrêtez le serveur (systemctl stop predi974), puis relancez la restauration.`,
  databaseMissing: (path: string) => `La base ${path} n’existe pas.`,
  destinationExists: (path: string) =>
    `${path} existe déjà : une sauvegarde n’en écrase jamais une autre, choisissez un autre nom.`,
  folderMissing: (folder: string) => `Le dossier ${folder} n’existe pas.`,
  backupMissing: (path: string) => `La sauvegarde ${path} n’existe pas.`,
};

/** `npm run db:check` (src/server/cli/db-check.ts, src/server/db/counter-check.ts). */
export const COUNTER_CHECK_KINDS = {
  market: 'prédiction',
  candidate: 'candidat',
  commune: 'élection',
  'market-history': 'historique de la prédiction',
  'commune-history': 'historique de l’élection',
} as const;

export const counterCheckText = {
  mismatch: (what: string, mismatch: { id: string; counter: string; stored: number; rows: number }) =>
    `${what} ${mismatch.id} : ${mismatch.counter} = ${mismatch.stored}, lignes de vote = ${mismatch.rows}`,
  allEqual: (where: string) => `Contrôle des compteurs (${where}) : tous les compteurs sont égaux aux votes enregistrés.`,
  mismatches: (where: string, count: number) =>
    `Contrôle des compteurs (${where}) : ${count} écart(s) entre compteurs et votes enregistrés :`,
  failed: (message: string) => `Contrôle des compteurs : échec — ${message}`,
};

/** `npm run retention` (src/server/cli/retention.ts). */
export const retentionText = {
  report: (
    report: {
      forgottenDevices: number;
      unlinkedVotes: number;
      unlinkedMunicipalVotes: number;
      purgedSignals: number;
    },
    at: string,
  ) =>
    `Rétention (${at}) : ${report.forgottenDevices} empreinte(s) oubliée(s), ` +
    `${report.unlinkedVotes} vote(s) et ${report.unlinkedMunicipalVotes} vote(s) municipal(aux) détaché(s), ` +
    `${report.purgedSignals} signal(aux) de détection de rafales effacé(s).`,
  protection: (report: { purgedChallenges: number; purgedCounters: number; purgedRateLimits: number }) =>
    `Protection des votes : ${report.purgedChallenges} preuve(s) expirée(s), ${report.purgedCounters} compteur(s) périmé(s) et ` +
    `${report.purgedRateLimits} compteur(s) de limite de débit périmé(s) effacés.`,
  failed: (message: string) => `Rétention : échec — ${message}`,
};

/** The server's own lines at start and stop (src/server/main.ts). */
export const serverLogText = {
  listening: (host: string, port: number, dialect: string) => `Prédi974 écoute sur http://${host}:${port} (${dialect})`,
  stopping: (signal: string) => `${signal}: arrêt propre`,
  stopFailed: 'arrêt',
};
