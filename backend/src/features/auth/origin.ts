import type { Request } from 'express';

/**
 * The origin OAuth redirects and emailed links are built on: PUBLIC_URL, else (development) the
 * request's own Host header. Never X-Forwarded-Host/Proto: whoever can send those headers would
 * choose where Google sends the authorization code. Undefined for a Host that is not a plain host.
 */
export function requestOrigin(req: Request, publicUrl?: string): string | undefined {
  if (publicUrl) return new URL(publicUrl).origin;
  const host = req.headers.host;
  // A host name or address and a port; nothing that could add a path, credentials or another host.
  if (!host || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) return undefined;
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}
