import { ENTITY_TYPES } from '@cinema-dna/shared-types';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FairPlayRules } from '../../features/progression';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../ui/accordion';
import { PageContainer, PageHeader } from '../../ui/page-header';

function Qa({ q, children }: { q: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <h3 className="font-semibold text-bone-100">{q}</h3>
      <div className="grid gap-2">{children}</div>
    </div>
  );
}

const SECTIONS: Array<{ id: string; title: string; content: ReactNode }> = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    content: (
      <>
        <Qa q="What is Cinema DNA?">
          <p>A way to find how any two cinema entities are linked. Choose a starting point and a target, and the search returns the shortest chain of links between them, within six degrees.</p>
        </Qa>
        <Qa q="Do I need an account?">
          <p>No. Anyone can search and find connections. An account lets you save paths, take challenges, earn points and badges, keep a film diary and follow other members.</p>
        </Qa>
        <Qa q="How do I create one?">
          <p>Press Login at the top of any page, open the Register tab and choose a username, your email and a password, or sign in with Google.</p>
        </Qa>
      </>
    ),
  },
  {
    id: 'connections',
    title: 'Understanding Connections',
    content: (
      <>
        <Qa q="What can I connect?">
          <p>Any of these entity types: {ENTITY_TYPES.join(', ')}. People carry a subtype such as actor or director.</p>
        </Qa>
        <Qa q="What is a degree?">
          <p>Each link in the chain is one degree. An actor linked to a film they appeared in is one degree; two actors who shared a film are two degrees apart. The search looks up to 6 degrees by default, and you can set the limit anywhere from 1 to 8.</p>
        </Qa>
        <Qa q="Why did I get this path and not another?">
          <p>The search always returns a path with the fewest degrees. When several paths are equally short, it prefers direct person-to-film links over broad hubs such as genres, and popular intermediates over obscure ones; both preferences can be switched in the search settings.</p>
        </Qa>
        <Qa q="What if no connection is found?">
          <p>It is rare, but very specialised or recent titles may have too few links. Try allowing more entity types or a higher degree limit.</p>
        </Qa>
      </>
    ),
  },
  {
    id: 'social',
    title: 'Social Features',
    content: (
      <>
        <Qa q="Following">
          <p>Follow other members from the Community page to see their discoveries, reviews and badges in your activity feed. You can unfollow at any time.</p>
        </Qa>
        <Qa q="Film diary and reviews">
          <p>Log the films you watch with a date, an optional 1 to 5 star rating, notes and where you saw them. Reviews you write are rated from 1 to 5 stars and appear on your profile.</p>
        </Qa>
        <Qa q="Sharing">
          <p>Every connection you find can be shared as a link, as text or as an image.</p>
        </Qa>
      </>
    ),
  },
  {
    id: 'points',
    title: 'Points and Achievements',
    content: (
      <>
        <Qa q="How do I earn points?">
          <FairPlayRules headingLevel="h4" className="mt-1" />
        </Qa>
        <Qa q="Levels">
          <p>Your level rises with your points, from ‘Movie Newbie’ at 0 points to ‘Cinema Legend’ at 10000+ points.</p>
        </Qa>
        <Qa q="Badges">
          <p>Badges reward milestones in discovery, social activity and expertise. Each shows your progress towards it until it is earned; rare badges are marked as such.</p>
        </Qa>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Account Management',
    content: (
      <>
        <Qa q="Signing in and out">
          <p>
            Sign in with your username and password or with Google, from the Login button or the{' '}
            <Link to="/login" className="text-amber-soft underline underline-offset-4">
              login page
            </Link>
            . Logout is at the end of the navigation bar.
          </p>
        </Qa>
        <Qa q="API keys">
          <p>
            To call the API from your own code, create a key on your{' '}
            <Link to="/account/api-keys" className="text-amber-soft underline underline-offset-4">
              API keys
            </Link>{' '}
            page (sign-in required) and send it as <code className="font-mono text-[13px] text-bone-100">Authorization: Bearer &lt;key&gt;</code>. A new key is
            shown only once; revoke it there as soon as you no longer need it or think it has leaked.
          </p>
        </Qa>
        <Qa q="Changing or deleting my account">
          <p>
            Send us a message through the <Link to="/contact" className="text-amber-soft underline underline-offset-4">contact form</Link> with the “Account” category and we will help within 24 hours.
          </p>
        </Qa>
        <Qa q="Minimum age">
          <p>You must be at least 13 years old to have an account.</p>
        </Qa>
      </>
    ),
  },
  {
    id: 'technical',
    title: 'Technical Issues',
    content: (
      <>
        <Qa q="Which browsers are supported?">
          <p>Current versions of Chrome, Edge, Firefox and Safari, on desktop and mobile.</p>
        </Qa>
        <Qa q="Something isn't loading">
          <p>Reload the page first. If you are signed in and things look wrong, log out and back in to refresh your session.</p>
        </Qa>
        <Qa q="Reporting a bug or a data error">
          <p>
            Use the <Link to="/contact" className="text-amber-soft underline underline-offset-4">contact form</Link> and choose “Bug report” or “Data correction”. Tell us what you did, what you expected and what happened.
          </p>
        </Qa>
      </>
    ),
  },
];

export default function HelpPage() {
  useDocumentTitle('Help and FAQ');
  return (
    <PageContainer>
      <div className="grid gap-12 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-20">
        <PageHeader eyebrow="Help and FAQ" title="How can we help?" lead="Answers to the questions people ask most. Can't find yours?">
          <Link to="/contact" className="mt-4 inline-block font-medium text-amber-soft underline decoration-amber-glow/40 underline-offset-4 hover:decoration-amber-glow">
            Contact us
          </Link>
        </PageHeader>
        <Accordion type="single" collapsible className="rounded-2xl border border-ink-800 bg-ink-850/60 px-5 sm:px-8">
          {SECTIONS.map((section) => (
            <AccordionItem key={section.id} value={section.id}>
              <AccordionTrigger>{section.title}</AccordionTrigger>
              <AccordionContent className="grid gap-6">{section.content}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </PageContainer>
  );
}
