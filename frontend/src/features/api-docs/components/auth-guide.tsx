import { CSRF_HEADER } from '@cinema-dna/shared-types';
import { Cookie, KeyRound, Lock, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ApiReference } from '../lib/openapi-model';
import { authSummary, requiresSignIn } from '../lib/auth-summary';
import { CodeBlock } from './code-block';
import { MethodBadge } from './method-badge';
import { docCode } from '../../../ui/doc-section';
import { useOrigin } from '../../../lib/use-origin';

function Block({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 content-start gap-3 rounded-3xl bg-ink-850/60 p-5 ring-1 ring-inset ring-ink-700 sm:p-7">
      <h2 className="flex items-center gap-2.5 font-display text-2xl font-medium tracking-tight text-bone-50">
        {icon}
        {title}
      </h2>
      <div className="grid min-w-0 gap-3 text-[15px] leading-relaxed text-bone-300">{children}</div>
    </section>
  );
}

/**
 * How callers authenticate: nothing for public calls, the browser session with its CSRF token, or a
 * Bearer API key; and, when the API description is loaded, which endpoints need what.
 */
export function AuthGuide({ reference }: { reference?: ApiReference }) {
  const origin = useOrigin();
  const guarded = reference?.operations.filter((operation) => requiresSignIn(operation)) ?? [];
  return (
    <div className="grid gap-6">
      <p className="max-w-3xl text-[15px] leading-relaxed text-bone-300">
        Searching, finding connections, trending and entity pages are public: no credentials needed. Calls that act as you (your saved connections,
        your account) take one of two credentials: the session of a signed-in browser, or an API key for your own scripts.
      </p>
      <div className="grid gap-6 xl:grid-cols-2">
        <Block icon={<Cookie aria-hidden className="size-5 text-amber-glow" />} title="Session cookie + CSRF token">
          <p>
            Signing in (<code className={docCode}>POST /api/auth/login</code>, or Google) sets the <code className={docCode}>cdna.sid</code> cookie: HttpOnly,
            SameSite=Lax, renewed at every sign-in. The browser sends it with every call.
          </p>
          <p>
            Because a browser also attaches that cookie to requests other sites forge, every write made with it (POST, PUT, PATCH, DELETE) carries the
            session’s CSRF token: ask <code className={docCode}>GET /api/auth/csrf</code> for <code className={docCode}>{'{ csrfToken }'}</code> and send it as{' '}
            <code className={docCode}>{CSRF_HEADER}</code>. Sign-in, registration and sign-out always need it, and answer with a fresh token in their own{' '}
            <code className={docCode}>{CSRF_HEADER}</code> header. A missing or stale token is refused with <code className={docCode}>403 FORBIDDEN</code>.
          </p>
          <CodeBlock
            label="JavaScript (in this site’s pages)"
            code={[
              "const { csrfToken } = await (await fetch('/api/auth/csrf')).json();",
              "const response = await fetch('/api/connections/save', {",
              "  method: 'POST',",
              `  headers: { 'Content-Type': 'application/json', '${CSRF_HEADER}': csrfToken },`,
              "  credentials: 'include',",
              '  body: JSON.stringify(savedConnection),',
              '});',
            ].join('\n')}
          />
          <p>The live-search socket is signed in the same way: it reads the session cookie when it connects.</p>
        </Block>

        <Block icon={<KeyRound aria-hidden className="size-5 text-amber-glow" />} title="Bearer API keys">
          <p>
            Create a key on{' '}
            <Link to="/account/api-keys" className="text-amber-soft underline decoration-amber-glow/40 underline-offset-2 hover:text-amber-glow">
              your API keys page
            </Link>{' '}
            (or <code className={docCode}>POST /api/users/me/api-keys</code> while signed in). It starts with <code className={docCode}>cdna_</code> and is shown
            once: only its SHA-256 fingerprint is kept. You can hold up to 25 live keys and revoke any of them at once.
          </p>
          <p>
            Send it as <code className={docCode}>Authorization: Bearer cdna_…</code>. The call then counts as you, with no cookie and no CSRF token: no browser
            adds that header on its own, so it cannot be forged cross-site.
          </p>
          <CodeBlock label="cURL" code={`curl -H "Authorization: Bearer $CDNA_API_KEY" \\\n  ${origin}/api/users/me/connections`} />
          <p className="flex gap-2.5">
            <ShieldCheck aria-hidden className="mt-1 size-4 shrink-0 text-amber-glow" />
            <span>Keys cannot create, list or revoke keys: that takes you, signed in. Revoke a key the moment it may have leaked.</span>
          </p>
        </Block>
      </div>

      {reference && (
        <section aria-labelledby="auth-endpoints" className="grid gap-3">
          <h2 id="auth-endpoints" className="flex items-center gap-2 font-display text-2xl font-medium tracking-tight text-bone-50">
            <Lock aria-hidden className="size-5 text-amber-glow" />
            Endpoints that need credentials
          </h2>
          {guarded.length === 0 ? (
            <p className="text-bone-400">Every documented endpoint is public.</p>
          ) : (
            <ul className="grid gap-px overflow-hidden rounded-2xl ring-1 ring-inset ring-ink-700">
              {guarded.map((operation) => (
                <li key={operation.key} className="grid gap-1 bg-ink-900/60 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-center sm:gap-4">
                  <span className="flex min-w-0 items-center gap-2.5">
                    <MethodBadge method={operation.method} />
                    <code className="min-w-0 break-all font-mono text-[13px] text-bone-50">{operation.path}</code>
                  </span>
                  <span className="text-sm text-bone-400">{authSummary(operation)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
