/** The browser tests' server: a real `next start` on a fresh seeded database, with the local OIDC provider configured. */
import { startServer } from './server';

const port = Number(process.argv[2] ?? 3400);
const oidcPort = Number(process.argv[3] ?? 3401);

async function main() {
  const server = await startServer({
    port,
    env: {
      OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
      OIDC_CLIENT_ID: 'quantum-e2e',
      OIDC_CLIENT_SECRET: 'quantum-e2e-client-secret',
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    },
  });
  console.log(`e2e server ready at ${server.baseURL}`);
  const shutdown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
