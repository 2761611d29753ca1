import { Clock, LifeBuoy, MessageSquareText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ContactForm } from '../../features/contact';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageContainer, PageHeader } from '../../ui/page-header';

export default function ContactPage() {
  useDocumentTitle('Contact');
  return (
    <PageContainer>
      <div className="grid gap-12 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-20">
        <div>
          <PageHeader eyebrow="Contact" title="Get in touch" lead="Questions, bug reports, ideas, or a credit we got wrong: write to us." />
          <ul className="mt-10 grid gap-5">
            <li className="flex gap-4">
              <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-glow" strokeWidth={1.6} />
              <div>
                <p className="font-medium text-bone-100">Reply within 24 hours</p>
                <p className="text-sm text-bone-400">Tell us as much as you can; it helps us answer in one go.</p>
              </div>
            </li>
            <li className="flex gap-4">
              <LifeBuoy aria-hidden className="size-5 shrink-0 text-amber-glow" strokeWidth={1.6} />
              <div>
                <p className="font-medium text-bone-100">Quick answers</p>
                <p className="text-sm text-bone-400">
                  The <Link to="/help" className="text-amber-soft underline underline-offset-4">Help and FAQ</Link> covers the most common questions.
                </p>
              </div>
            </li>
            <li className="flex gap-4">
              <MessageSquareText aria-hidden className="size-5 shrink-0 text-amber-glow" strokeWidth={1.6} />
              <div>
                <p className="font-medium text-bone-100">Pick a category</p>
                <p className="text-sm text-bone-400">Choose the closest one so we can sort your message quickly.</p>
              </div>
            </li>
          </ul>
        </div>
        <div className="rounded-2xl border border-ink-800 bg-ink-850/60 p-5 sm:p-8">
          <ContactForm />
        </div>
      </div>
    </PageContainer>
  );
}
