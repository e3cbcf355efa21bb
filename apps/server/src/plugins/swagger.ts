import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { whitelabelNodeSchema } from '@lotus/shared/system.schema';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * OpenAPI generated from the routes' zod schemas: the document at /docs/json, Swagger UI at /docs. Must be
 * registered before the routes it describes (it collects them as they are added).
 */
export async function registerSwagger(app: FastifyInstance, options: { version: string }): Promise<void> {
  // The whitelabel tree is recursive: a named component lets the document refer to itself.
  if (!z.globalRegistry.has(whitelabelNodeSchema)) {
    z.globalRegistry.add(whitelabelNodeSchema, { id: 'WhitelabelNode' });
  }
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lotus API',
        version: options.version,
        description:
          'Every response is the envelope { success, message, value }. On failure `message` is an error code ' +
          '(also the i18n key) and the HTTP status matches it. See docs/api.md.',
      },
      tags: [
        { name: 'system', description: 'Site status, brand permission, registration settings, domains' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
  });
}
