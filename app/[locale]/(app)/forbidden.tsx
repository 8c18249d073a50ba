import { ForbiddenPanel } from '@/app/[locale]/prelude';

/**
 * The 403 of a funder page the proxy refused before rendering (no read:funders): inside the shell, so the
 * menu the user may use stays at hand. The status stays 403.
 */
export default function AppForbidden() {
  return <ForbiddenPanel scope="read:funders" />;
}
