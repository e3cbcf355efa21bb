import {
  announcementPageResponse,
  announcementsQuerySchema,
  appDownloadResponse,
  bannersQuerySchema,
  bannersResponse,
  blogListQuerySchema,
  blogPageResponse,
  blogPostResponse,
  blogSlugParamsSchema,
  customerServiceInfoResponse,
  helpCenterResponse,
  languageQuerySchema,
  noticesResponse,
  pageKeyParamsSchema,
  promotionDetailResponse,
  promotionIdParamsSchema,
  promotionsQuerySchema,
  promotionsResponse,
  rankListQuerySchema,
  rankListResponse,
  relayAnnouncementsQuerySchema,
  relayAnnouncementsResponse,
  sitePageResponse,
} from '@lotus/shared/content.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import type { ContentService } from './content.service.ts';

const TAG = 'content';
const LANGUAGE_NOTE =
  '`language` (e.g. EN, HI) picks the texts; a text missing in it falls back to EN, then to the brand default.';

/**
 * Public site content (docs/content-contract.md "Content"). The brand comes from the Host header
 * (`request.hostname`, which honours X-Forwarded-Host only from trusted proxies).
 */
export function contentRoutes(service: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/content/banners',
      {
        schema: {
          tags: [TAG],
          summary: 'Banners of one page group, active now, in order',
          description: LANGUAGE_NOTE,
          querystring: bannersQuerySchema,
          response: { 200: bannersResponse },
        },
      },
      async (request) => ok(await service.getBanners({ host: request.hostname, ...request.query })),
    );

    app.get(
      '/wps/relay/MCSFE_getListAnnouncements',
      {
        schema: {
          tags: [TAG],
          summary: 'Announcements by type (B→banners, PL→player, PU→popup, PR→promotion, H→home)',
          description: `types: comma-separated subset of B,PL,PU,PR,H (all when absent); execution defaults to the brand's. Newest first. ${LANGUAGE_NOTE}`,
          querystring: relayAnnouncementsQuerySchema,
          response: { 200: relayAnnouncementsResponse },
        },
      },
      async (request) =>
        ok(await service.getRelayAnnouncements({ host: request.hostname, ...request.query })),
    );

    app.get(
      '/wps/content/announcements',
      {
        schema: {
          tags: [TAG],
          summary: 'One page of announcements (the notice page and the announcement popup)',
          description: `Newest first; pageSize ≤ 50 (default 9). ${LANGUAGE_NOTE}`,
          querystring: announcementsQuerySchema,
          response: { 200: announcementPageResponse },
        },
      },
      async (request) => ok(await service.getAnnouncementPage({ host: request.hostname, ...request.query })),
    );

    app.get(
      '/wps/content/notices',
      {
        schema: {
          tags: [TAG],
          summary: 'The home marquee: newest marquee notices (type B), at most 10',
          querystring: languageQuerySchema,
          response: { 200: noticesResponse },
        },
      },
      async (request) => ok(await service.getNotices({ host: request.hostname, ...request.query })),
    );

    app.get(
      '/wps/system/helpCenter',
      {
        schema: {
          tags: [TAG],
          summary: 'Help centre: categories with their articles (sanitised HTML)',
          querystring: languageQuerySchema,
          response: { 200: helpCenterResponse },
        },
      },
      async (request) => ok(await service.getHelpCenter({ host: request.hostname, ...request.query })),
    );

    app.get(
      '/wps/content/blog',
      {
        schema: {
          tags: [TAG],
          summary: 'One page of published blog posts, newest first',
          querystring: blogListQuerySchema,
          response: { 200: blogPageResponse },
        },
      },
      async (request) => ok(await service.getBlogPage({ host: request.hostname, ...request.query })),
    );

    app.get(
      '/wps/content/blog/:slug',
      {
        schema: {
          tags: [TAG],
          summary: 'One published blog post; 404 not_found for an unknown slug',
          params: blogSlugParamsSchema,
          querystring: languageQuerySchema,
          response: { 200: blogPostResponse },
        },
      },
      async (request) =>
        ok(
          await service.getBlogPost({ host: request.hostname, ...request.query, slug: request.params.slug }),
        ),
    );

    app.get(
      '/wps/content/promotions',
      {
        schema: {
          tags: [TAG],
          summary: 'Live promotions of a category (default all) with the count per category',
          querystring: promotionsQuerySchema,
          response: { 200: promotionsResponse },
        },
      },
      async (request) => ok(await service.getPromotions({ host: request.hostname, ...request.query })),
    );

    app.get(
      '/wps/content/promotions/:id',
      {
        schema: {
          tags: [TAG],
          summary: 'One live promotion with its terms (sanitised HTML); 404 not_found otherwise',
          params: promotionIdParamsSchema,
          querystring: languageQuerySchema,
          response: { 200: promotionDetailResponse },
        },
      },
      async (request) =>
        ok(await service.getPromotion({ host: request.hostname, ...request.query, id: request.params.id })),
    );

    app.get(
      '/wps/content/appDownload',
      {
        schema: {
          tags: [TAG],
          summary: 'App install guides (iOS, Android, lite app)',
          querystring: languageQuerySchema,
          response: { 200: appDownloadResponse },
        },
      },
      async (request) => ok(await service.getAppDownload({ host: request.hostname, ...request.query })),
    );

    app.get(
      '/wps/content/pages/:key',
      {
        schema: {
          tags: [TAG],
          summary: 'A static page: join (affiliate programme), terms, privacy, responsible-gaming',
          params: pageKeyParamsSchema,
          querystring: languageQuerySchema,
          response: { 200: sitePageResponse },
        },
      },
      async (request) =>
        ok(await service.getPage({ host: request.hostname, ...request.query, key: request.params.key })),
    );

    app.get(
      '/wps/system/customerService',
      {
        schema: {
          tags: [TAG],
          summary: 'Customer-service lines: 1 e-mail, 2 phone, 3 live chat (sealed), 4 VIP line (sealed)',
          description:
            'Types 3 and 4 are base64url(iv ‖ ciphertext ‖ tag), AES-256-GCM under `version.key` (base64url). ' +
            'The seal keeps the address out of scraped HTML; it is not a secret from the visitor.',
          response: { 200: customerServiceInfoResponse },
        },
      },
      async (request) => ok(await service.getCustomerService({ host: request.hostname })),
    );

    app.get(
      '/wps/relay/GCSGAME_getRankList',
      {
        schema: {
          tags: [TAG],
          summary: 'Winners feed: newest real wins (accounts masked); empty until games record wins',
          querystring: rankListQuerySchema,
          response: { 200: rankListResponse },
        },
      },
      async (request) => ok(await service.getRankList({ host: request.hostname, ...request.query })),
    );
  };
}
