import { Alert, CloseButton, Link } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ReadyLink } from '../../machines/userBilling';

/** What each kind of hosted page is called, as the notice's title and its link. */
const WORDS: Record<ReadyLink['kind'], { title: string; link: string }> = {
  page: { title: 'The invoice is ready.', link: 'Open invoice' },
  pdf: { title: 'The invoice PDF is ready.', link: 'Open PDF' },
  paymentMethods: { title: 'The payment-method page is ready.', link: 'Open payment methods' },
};

/**
 * A hosted page whose link came back after the browser stopped letting the page open a tab for the
 * click that asked for it (a slow connection: Chrome allows 5 s, Safari less): the browser would
 * block it as a pop-up, so it is offered as a link, which opens at once as a click of its own. The
 * link leaves the notice when followed; the close button dismisses it without opening.
 *
 * The notice is at the top of the page, and on a phone the invoice asked for is often far below:
 * as it appears it is scrolled into view below the sticky header (as a revealed Banner is), and its
 * link takes the focus, where the next press goes (from the keyboard too; a screen reader announces
 * the notice, a status).
 */
export function ReadyLinkBanner({ link, onDone }: { link: ReadyLink | null; onDone: () => void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const url = link?.url;
  useEffect(() => {
    if (!url) return;
    // The whole notice is brought into view, below the sticky header, not only its link.
    linkRef.current?.focus({ preventScroll: true });
    rootRef.current?.scrollIntoView({ block: 'nearest' });
  }, [url]);
  if (!link) return null;
  const words = WORDS[link.kind];
  return (
    <Alert.Root ref={rootRef} status="info" role="status" alignItems="center" scrollMarginTop="24">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{words.title}</Alert.Title>
        <Alert.Description>
          It took a moment, so your browser needs one more click to open it in a new tab.{' '}
          <Link
            ref={linkRef}
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            fontWeight="medium"
            onClick={onDone}
          >
            {words.link}
            <ExternalLink size={14} aria-hidden />
          </Link>
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss" onClick={onDone} />
    </Alert.Root>
  );
}
