// Starts the built server over a brand-new PostgreSQL database, for the browser suite on PostgreSQL:
//   E2E_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/e2e-postgres-server.mjs
// E2E_DATABASE_URL names the PostgreSQL server (any database the role can connect to); this creates
// `predi974_e2e_<pid>` on it, runs `node dist/server/main.js` with DATABASE_URL pointing there (the server
// migrates and loads the demo data), and drops the database when stopped. Databases left by runs that were
// killed outright (their process is gone) are dropped at the next start.
import { spawn } from 'node:child_process';
import pg from 'pg';

const serverUrl = process.env.E2E_DATABASE_URL;
if (!serverUrl) {
  console.error('E2E_DATABASE_URL is not set');
  process.exit(2);
}
const name = `predi974_e2e_${process.pid}`;

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function withClient(work) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

await withClient(async (client) => {
  const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'predi974\\_e2e\\_%'");
  for (const { datname } of rows) {
    const pid = Number(datname.slice('predi974_e2e_'.length));
    if (Number.isInteger(pid) && !isRunning(pid)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  await client.query(`CREATE DATABASE ${name}`);
});

const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${name}`;
const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: databaseUrl.toString() },
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    server.kill(signal);
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await withClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch((error) =>
    console.error(`could not drop ${name}: ${error.message}`),
  );
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
server.on('exit', (code) => {
  if (!stopping) {
    stopping = true;
    withClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
      .catch(() => undefined)
      .finally(() => process.exit(code ?? 1));
  }
});
