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
