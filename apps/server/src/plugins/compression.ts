import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli first, then gzip, for responses over 1 KiB (JSON, HTML, JS, CSS). Brotli runs at quality 4 — the
 * plugin's recommended on-the-fly setting; quality 11 costs far more CPU than it saves bytes here. Request
 * bodies are not decompressed: no client needs it, and it would be one more way to smuggle a huge body.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Adds JavaScript to the plugin's default list (text/*, JSON, XML), whatever MIME type `send` picks.
    customTypes: /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/,
  });
}
