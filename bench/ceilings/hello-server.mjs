import Fastify from 'fastify';

/**
 * The HTTP ceiling: the repository's own Fastify, no plugins, no logger, one route. Whatever the
 * production server loses against this on the same machine is the cost of its own work.
 */
const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`listening ${app.server.address().port}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
