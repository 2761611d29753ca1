import { KeyRound, LogOut, Menu, ShieldCheck, Sparkles, Star, X } from 'lucide-react';
import { LEVELS } from '@cinema-dna/shared-types';
import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState, logout, openLoginDialog, type AuthUser } from '../../features/auth';
import { cn } from '../../lib/class-names';
import { formatCount } from '../../lib/number-format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { useRouteHandles } from '../route-handles';
import { BrandMark } from './brand-mark';
import { ADMIN_NAV_ITEM, SIGNED_IN_NAV, SIGNED_OUT_NAV } from './nav-items';

/** The signed-in user's API keys page, reached from the account actions beside the badges. */
const API_KEYS_PATH = '/account/api-keys';

/**
 * The Level and points badges. They read the signed-in user, which `points:changed` keeps current,
 * so they move as awards land; the new number rises into place (reduced motion: it simply changes).
 */
function UserBadges({ user }: { user: Pick<AuthUser, 'level' | 'points'> }) {
  const levelName = LEVELS.find((level) => level.level === user.level)?.name;
  return (
    <>
      <Badge tone="amber" title={levelName ? `Level ${user.level} · ${levelName}` : 'Your level'} data-testid="header-level">
        <Star aria-hidden className="size-3" />
        <LiveValue value={user.level}>Level {user.level}</LiveValue>
      </Badge>
      <Badge tone="neutral" title="Your points" data-testid="header-points">
        <Sparkles aria-hidden className="size-3 text-amber-glow" />
        <LiveValue value={user.points}>{formatCount(user.points)} pts</LiveValue>
      </Badge>
    </>
  );
}

/** Text that rises into place whenever `value` changes (not when the header first shows it). */
function LiveValue({ value, children }: { value: number; children: ReactNode }) {
  const [firstValue] = useState(value);
  return (
    // A new key replays the CSS rise (transform and opacity only) each time the value changes.
    <span key={value} className={cn('inline-block', value !== firstValue && 'animate-rise-in')}>
      {children}
    </span>
  );
}

/** Administrators and moderators reach the admin dashboard from the account actions. */
const isStaff = (user: Pick<AuthUser, 'role'>) => user.role === 'admin' || user.role === 'moderator';

/** The API keys shortcut beside the badges: an icon, lit while on the page. */
const iconLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'ml-1 inline-flex size-8 items-center justify-center rounded-full transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-glow',
    isActive ? 'bg-ink-800 text-amber-soft' : 'text-bone-400 hover:bg-ink-800 hover:text-bone-50',
  );

/** Login, or the signed-in user's badges, API keys and Logout; a quiet placeholder while the session check runs. */
function AuthActions({ onAction, wide }: { onAction?: () => void; wide?: boolean }) {
  const { user, loading } = useSnapshot(authState);
  if (user) {
    return (
      <div className={cn('flex items-center gap-2', wide && 'w-full flex-wrap')}>
        <UserBadges user={user} />
        {/* The menu toggle's panel has its own API keys row, outside the spec's navigation. */}
        {!wide && isStaff(user) && (
          <NavLink to={ADMIN_NAV_ITEM.to} aria-label={ADMIN_NAV_ITEM.label} title="Admin dashboard" className={iconLink}>
            <ShieldCheck aria-hidden className="size-4" />
          </NavLink>
        )}
        {!wide && (
          <NavLink to={API_KEYS_PATH} aria-label="API keys" title="API keys" className={iconLink}>
            <KeyRound aria-hidden className="size-4" />
          </NavLink>
        )}
        <Button
          variant="ghost"
          size="sm"
          className={wide ? 'ml-auto' : undefined}
          onClick={() => {
            onAction?.();
            void logout();
          }}
        >
          <LogOut aria-hidden className="size-4" />
          Logout
        </Button>
      </div>
    );
  }
  if (loading) return <span aria-hidden className="block h-8 w-20 animate-pulse rounded-full bg-ink-800 motion-reduce:animate-none" />;
  return (
    <Button
      size={wide ? 'lg' : 'sm'}
      className={wide ? 'w-full' : undefined}
      onClick={() => {
        onAction?.();
        openLoginDialog('login');
      }}
    >
      Login
    </Button>
  );
}

/** The current path shows the not-found page (a route of the spec not built yet, or a typo). */
function useOnNotFoundPage(): boolean {
  return useRouteHandles().some((handle) => (handle as { notFound?: boolean } | undefined)?.notFound === true);
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium transition-colors duration-150',
    isActive ? 'text-bone-50 bg-ink-800' : 'text-bone-400 hover:text-bone-50',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center justify-between rounded-xl px-4 py-3 font-display text-xl transition-colors',
    isActive ? 'bg-ink-800 text-amber-soft' : 'text-bone-100 hover:bg-ink-850',
  );

const accountLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-xl border border-ink-800 px-4 py-3 text-sm font-medium transition-colors',
    isActive ? 'bg-ink-800 text-amber-soft' : 'text-bone-100 hover:bg-ink-850',
  );

/**
 * Sticky top bar. The signed-out bar is short and folds into the menu toggle under `md`;
 * the signed-in bar has eight destinations and badges, so it folds under `xl`.
 */
export function SiteHeader() {
  const { user } = useSnapshot(authState);
  const items = user ? SIGNED_IN_NAV : SIGNED_OUT_NAV;
  const { pathname } = useLocation();
  // NavLink matches by path alone: on a spec route whose page is not built yet it would light its item over a 404.
  const notFound = useOnNotFoundPage();
  const lit = (style: (state: { isActive: boolean }) => string) => ({ isActive }: { isActive: boolean }) => style({ isActive: isActive && !notFound });
  const current = notFound ? { 'aria-current': false as const } : {};
  // The menu belongs to the page it was opened on: any navigation (link, back button) closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const menuOpen = menuPath === pathname;
  const setMenuOpen = (open: boolean) => setMenuPath(open ? pathname : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuPath(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const desktopOnly = user ? 'hidden xl:flex' : 'hidden md:flex';
  const mobileOnly = user ? 'xl:hidden' : 'md:hidden';

  return (
    <header className="sticky top-0 z-40 border-b border-ink-800/80 bg-ink-900/80 backdrop-blur-xl supports-[backdrop-filter]:bg-ink-900/65">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <BrandMark />
        <nav aria-label="Main" className={cn(desktopOnly, 'min-w-0 flex-1 items-center gap-1')}>
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={lit(desktopLink)} {...current}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className={cn(desktopOnly, 'ml-auto items-center')}>
          <AuthActions />
        </div>
        <button
          type="button"
          className={cn(mobileOnly, 'ml-auto inline-flex size-10 items-center justify-center rounded-full text-bone-100 transition-colors hover:bg-ink-800')}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
        </button>
      </div>
      {/* The menu slides in (transform and opacity: no layout per frame) and closes at once. */}
      {menuOpen && (
        <div id="mobile-menu" className={cn(mobileOnly, 'animate-menu-in overflow-hidden border-t border-ink-800 bg-ink-900')}>
          <nav aria-label="Mobile" className="mx-auto grid max-w-7xl gap-1 px-4 py-4 sm:px-6">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} className={lit(mobileLink)} {...current} onClick={() => setMenuOpen(false)}>
                {item.label}
              </NavLink>
            ))}
            <div className="mt-3 flex items-center justify-between gap-3 border-t border-ink-800 px-1 pt-4">
              <AuthActions wide onAction={() => setMenuOpen(false)} />
            </div>
          </nav>
          {user && (
            <div className="mx-auto grid max-w-7xl gap-2 px-4 pb-4 sm:px-6">
              {isStaff(user) && (
                <NavLink to={ADMIN_NAV_ITEM.to} className={accountLink} onClick={() => setMenuOpen(false)}>
                  <ShieldCheck aria-hidden className="size-4 text-amber-glow" />
                  {ADMIN_NAV_ITEM.label}
                  <span className="ml-auto text-xs text-bone-500">{user.role === 'admin' ? 'Administrator' : 'Moderator'}</span>
                </NavLink>
              )}
              <NavLink to={API_KEYS_PATH} className={accountLink} onClick={() => setMenuOpen(false)}>
                <KeyRound aria-hidden className="size-4 text-amber-glow" />
                API keys
                <span className="ml-auto text-xs text-bone-500">Account</span>
              </NavLink>
            </div>
          )}
        </div>
      )}
    </header>
  );
}
