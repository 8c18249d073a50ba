import { PlainErrorPage } from '@/components/shell/plain-error-page';

/**
 * An unauthorized() outside every locale (none calls it: signed-out visitors are sent to the sign-in page). Defined so
 * that the root segment's boundary is this page's reference rather than Next's default page, rendered into every page's payload.
 */
export default function GlobalUnauthorized() {
  return <PlainErrorPage code={401} title="Not signed in" body="Sign in to see this page." />;
}
