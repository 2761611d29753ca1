import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEntityKey, SharedLinkSchema } from '@cinema-dna/shared-types';
import type { ConnectionResult } from '@cinema-dna/shared-types';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { AppError } from '../../platform/errors.js';
import { rateLimitedError, requestIdentity, setRateLimitHeaders, type RateLimiter } from '../../platform/rate-limit.js';
import type { ShareConnections, ShareEntities } from './ports.js';
import { renderConnectionPreview } from './preview-image.js';

/** Rendered previews kept in memory: a shared link is fetched by every network it is posted to. */
const PREVIEW_CACHE_SIZE = 200;
/** Connections resolved for link previews, so the page and its image (and every later unfurl) search once. */
const RESOLVED_CACHE_SIZE = 1_000;

const escapeHtml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

export interface ShareDeps {
  entities: ShareEntities;
  connections: ShareConnections;
  /** The find-connection limit: a preview that has to search counts against it like any search. */
  findLimiter: RateLimiter;
  publicUrl?: string;
}

/** One resolved-pair cache per connection service, shared by the page and the image routes. */
const resolvedCaches = new WeakMap<ShareConnections, LRUCache<string, ConnectionResult>>();

/**
 * Resolves a shared pair: both endpoints' summaries and the connection between them. A pair already
 * known (resolved for a preview before, or in the search cache) costs nothing; one that needs a
 * search counts against the caller's find-connection limit first, so previews cannot be used to run
 * unlimited searches (a crawler unfurling a link searches once: the image reuses the page's result).
 */
async function resolvePair(deps: ShareDeps, req: Request, res: Response, from: string, to: string) {
  // Both keys passed SharedLinkSchema, whose rule is parseEntityKey's.
  const [fromType, toType] = [parseEntityKey(from)!, parseEntityKey(to)!];
  const [fromIndex, toIndex] = [deps.entities.require(fromType.type, fromType.id), deps.entities.require(toType.type, toType.id)];
  const [fromEntity, toEntity] = await deps.entities.summaries([fromIndex, toIndex]);
  let resolved = resolvedCaches.get(deps.connections);
  if (!resolved) resolvedCaches.set(deps.connections, (resolved = new LRUCache({ max: RESOLVED_CACHE_SIZE })));
  const key = `${from}|${to}`;
  const request = { fromEntity: fromType, toEntity: toType };
  let result = resolved.get(key) ?? (await deps.connections.cachedResult(request));
  if (!result) {
    const decision = await deps.findLimiter.hit(requestIdentity(req));
    setRateLimitHeaders(res, decision);
    if (!decision.allowed) throw rateLimitedError(decision, deps.findLimiter.rule);
    // A link preview is not somebody searching: no trending count, no search-cache entry.
    result = await deps.connections.find(request, { actor: null, preview: true });
  }
  resolved.set(key, result);
  return { fromEntity: fromEntity!, toEntity: toEntity!, result };
}

/**
 * A signed-in caller playing a challenge between the pair's ends (an open attempt, an unfinished
 * race) is refused with CHALLENGE_IN_PROGRESS before any cache of previews or searches is read: a
 * preview draws the chain. Unknown entities are a 404 first, as for anyone.
 */
async function refuseDuringChallenge(deps: ShareDeps, req: Request, from: string, to: string): Promise<void> {
  const actor = req.user?.id;
  if (actor === undefined) return;
  const [fromEntity, toEntity] = [parseEntityKey(from)!, parseEntityKey(to)!];
  deps.entities.require(fromEntity.type, fromEntity.id);
  deps.entities.require(toEntity.type, toEntity.id);
  await deps.connections.refuseDuringChallenge({ fromEntity, toEntity }, actor);
}

/** GET /api/share/preview.png?from=&to= — the Open Graph image of a shared connection. */
export function sharePreviewRoutes(routes: ApiRoutes, deps: ShareDeps): void {
  const cache = new Map<string, Buffer>();
  const api = routes.group({ name: 'Sharing', description: 'What a shared connection link shows when it is posted: its preview image.' });
  const rule = deps.findLimiter.rule;
  api.get(
    '/share/preview.png',
    {
      access: 'public',
      summary: 'Preview image of a shared connection',
      description: 'The 1200×630 Open Graph image of the connection between two entities, as `/connection?from=&to=` links unfurl. A pair never searched before counts against the find-connection limit.',
      inputName: 'Shared link',
      example: (c) => ({ query: { from: c.from.key, to: c.to.key } }),
      errors: {
        404: 'An entity of the pair is not in the catalog.',
        409: '`CHALLENGE_IN_PROGRESS`: signed in, you are playing a challenge between these two entities (an open attempt or a race that has not finished).',
      },
      limits: [{ description: 'searches a preview has to run, per caller (the find-connection limit)', limit: rule.limit, windowSeconds: Math.round(rule.windowMs / 1000) }],
    },
    async ({ query: { from, to } }, req, res) => {
      await refuseDuringChallenge(deps, req, from, to);
      const cacheKey = `${from}|${to}`;
      let png = cache.get(cacheKey);
      if (!png) {
        const { fromEntity, toEntity, result } = await resolvePair(deps, req, res, from, to);
        png = renderConnectionPreview(fromEntity, toEntity, result);
        if (cache.size >= PREVIEW_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(cacheKey, png);
      }
      res.set('Content-Type', 'image/png').set('Cache-Control', 'public, max-age=3600').send(png);
    },
  );
}

/**
 * The SPA's index.html for `/connection?from=&to=`, with Open Graph and Twitter tags describing the
 * connection, so a shared link unfurls with its own title and preview image. A link that does not
 * resolve gets the plain page (the app shows its own error).
 */
export function sharedLinkPage(deps: ShareDeps, staticDir: string) {
  const indexHtml = path.join(staticDir, 'index.html');
  const baseUrl = (req: Request) => (deps.publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');
  return async (req: Request, res: Response) => {
    const html = await readFile(indexHtml, 'utf8');
    const parsed = SharedLinkSchema.safeParse(req.query);
    let tags = '';
    if (parsed.success) {
      try {
        // (The page is served outside the API's authentication: a caller here is anonymous so far.)
        await refuseDuringChallenge(deps, req, parsed.data.from, parsed.data.to);
        const { fromEntity, toEntity, result } = await resolvePair(deps, req, res, parsed.data.from, parsed.data.to);
        const title = `${fromEntity.name} ↔ ${toEntity.name} — Cinema DNA`;
        const description = result.found ? `Found a ${result.degrees}-degree connection between ${fromEntity.name} and ${toEntity.name}!` : result.message;
        const query = `from=${encodeURIComponent(parsed.data.from)}&to=${encodeURIComponent(parsed.data.to)}`;
        const image = `${baseUrl(req)}/api/share/preview.png?${query}`;
        tags = [
          ['og:type', 'website'],
          ['og:site_name', 'Cinema DNA'],
          ['og:title', title],
          ['og:description', description],
          ['og:url', `${baseUrl(req)}/connection?${query}`],
          ['og:image', image],
          ['og:image:width', '1200'],
          ['og:image:height', '630'],
        ]
          .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`)
          .concat([
            `<meta name="twitter:card" content="summary_large_image" />`,
            `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
            `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
            `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
          ])
          .join('\n    ');
      } catch (error) {
        // Refused by the limit: say so (never search); any other failure (a challenge in progress too) serves the plain app.
        if (error instanceof AppError && error.status === 429) {
          res.status(429).set('Cache-Control', 'no-store').type('html').send(`<!doctype html><title>Too many requests — Cinema DNA</title><p>${escapeHtml(error.message)}</p>`);
          return;
        }
        tags = '';
      }
    }
    res.set('Cache-Control', 'no-cache').type('html').send(tags ? html.replace('</head>', `    ${tags}\n  </head>`) : html);
  };
}
