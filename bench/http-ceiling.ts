/**
 * The ceiling of the vote benchmark: a bare `node:http` server that reads each request's body and answers a
 * constant JSON body the size of a vote's answer, with no framework, validation or database. Nothing that
 * answers over HTTP on this machine can go faster, so the vote rate is read as a fraction of this one.
 */
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 0);
const body = Buffer.from(
  JSON.stringify({
    market: {
      id: 'prediction-de-reference',
      title: 'Une prédiction de la même taille que celles de la démonstration, pour la référence',
      description: 'Le corps de la réponse a la taille de la réponse d’un vote, et ne change jamais.',
      category: 'social',
      endDate: '2027-01-01T00:00:00.000Z',
      yesVotes: 1234,
      noVotes: 567,
      totalVotes: 1801,
      yesPercentage: 69,
      noPercentage: 31,
      trending: false,
      resolved: false,
      outcome: null,
    },
    voteType: 'yes',
    changed: false,
  }),
);

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
