import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response, API and pages alike. The CSP is as tight as the SPA allows:
 * - scripts only from this origin (Vite emits no inline script);
 * - inline styles allowed, because Mantine injects <style> tags and style attributes at run time;
 * - images from anywhere over HTTPS (brand image CDNs, vendor game icons) and data: URIs;
 * - fetch/WebSocket to this origin only (the real-time hub is same-origin);
 * - frames from HTTPS origins, for vendor game iframes; nobody else may frame us.
 * Swagger UI at /docs also runs under this policy: it ships external scripts only.
 * `upgrade-insecure-requests` is off: TLS ends at the proxy, and a plain-HTTP deployment (local, tests)
 * must keep working.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Third-party sign-in and customer-service chat open pop-ups that must keep their opener link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
