import { serverLogText } from '../shared/messages.js';
import { loadConfig } from './config.js';
import { loadDotEnvFile } from './dotenv.js';
import { createServer } from './server.js';

const fromDotEnv = loadDotEnvFile();
const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
if (fromDotEnv.length > 0) server.app.log.info(`.env : ${fromDotEnv.join(', ')}`);
server.app.log.info(
  serverLogText.listening(config.host === '0.0.0.0' ? 'localhost' : config.host, config.port, server.database.dialect),
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.app.log.info(serverLogText.stopping(signal));
    // In-flight requests finish (each is bounded by the request timeout); past this backstop, leave anyway.
    setTimeout(() => process.exit(1), config.requestTimeoutMs + 5_000).unref();
    server
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        server.app.log.error({ err: error }, serverLogText.stopFailed);
        process.exit(1);
      });
  });
}
