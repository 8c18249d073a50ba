import { PlainErrorPage } from '@/components/shell/plain-error-page';

/** A path outside every locale (the proxy normally adds one first): a plain English 404. */
export default function GlobalNotFound() {
  return <PlainErrorPage code={404} title="Page not found" body="The page you are looking for does not exist or has been moved." />;
}
