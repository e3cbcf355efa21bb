import pg from 'pg';

/**
 * Runs `run` on one short-lived connection to the server at `url` (creating and dropping test databases:
 * statements that cannot run inside a pool's transaction). Kept free of vitest imports, so the global setup
 * can use it too.
 */
export async function withPgClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
