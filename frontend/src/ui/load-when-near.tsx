import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the fold a section starts loading (px): it is ready by the time a thumb scrolls to it. */
const NEAR_PX = 600;

interface LoadWhenNearProps {
  /** A lazy component's element: its code is fetched only once the section comes near the viewport. */
  children: ReactNode;
  /** What holds the section's place until then: the same size as what it stands for, so nothing shifts. */
  placeholder: ReactNode;
}

/**
 * A below-the-fold section whose code loads when the reader gets near it, not with the page: a first
 * visit downloads only what the first screen shows.
 */
export function LoadWhenNear({ children, placeholder }: LoadWhenNearProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, test DOMs) the section simply loads at once. The server's
  // first paint (no window) shows the placeholder, as the browser's first render does.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: `${NEAR_PX}px 0px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
