import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from './page-header';

export interface ArticleSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface ArticleLayoutProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  sections: ArticleSection[];
}

/** A long-form static page: header, titled sections, and an "On this page" index beside them on wide screens. */
export function ArticleLayout({ eyebrow, title, lead, sections }: ArticleLayoutProps) {
  return (
    <PageContainer>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead} />
      <div className="mt-4 grid gap-12 lg:grid-cols-[minmax(0,42rem)_14rem] lg:justify-between">
        <article className="prose-noir">
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className="scroll-mt-24">
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-28 mt-11 border-l border-ink-700 pl-5">
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-bone-500">On this page</p>
            <ul className="mt-4 grid gap-2.5 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-bone-400 transition-colors hover:text-amber-soft">
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </div>
    </PageContainer>
  );
}
