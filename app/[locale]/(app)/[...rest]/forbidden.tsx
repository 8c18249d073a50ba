import { ForbiddenPanel } from '@/app/[locale]/prelude';

/**
 * The 403 of a funder page the proxy refused before rendering (no read:funders): inside the shell, so the
 * menu the user may use stays at hand. The status stays 403. It sits beside the catch-all, forbidden()'s only caller,
 * rather than beside the shell's layout: Next renders a segment's boundaries into the payload of every page below it.
 */
export default function AppForbidden() {
  return <ForbiddenPanel scope="read:funders" />;
}
