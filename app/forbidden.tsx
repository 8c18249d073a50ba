import { PlainErrorPage } from '@/components/shell/plain-error-page';

/**
 * A forbidden() outside every locale (none calls it: the localized 403 lives in the shell). Defined so that the root
 * segment's boundary is this page's reference rather than Next's default page, rendered into every page's payload.
 */
export default function GlobalForbidden() {
  return <PlainErrorPage code={403} title="Forbidden" body="This page could not be accessed." />;
}
