import type { DbOrTx } from '@/db/client';
import { getAccountSettings, getProfile } from '@/db/queries/workspace/content';

/** The Settings page: what the user may change of their own account, plus the identity shown read-only. */
export async function accountSettingsScreen(db: DbOrTx, userId: number) {
  const s = await getAccountSettings(db, userId);
  if (!s) return undefined;
  return {
    general: { username: s.general.username, email: s.general.email, fullName: s.general.fullName, company: s.general.company },
    info: s.info,
    social: { socialLinks: s.social.socialLinks },
    notification: s.notification,
  };
}

/** Lease history actions the profile's activity names: anything else reads as an update. */
export const PROFILE_ACTIONS = ['created', 'updated', 'status'] as const;

/**
 * The Profile page: the user's header and about, their latest lease activity (from the lease history; `describe`
 * words an action on a contract in the page's language) and colleagues.
 */
export async function profileScreen(
  db: DbOrTx,
  userId: number,
  describe: (action: (typeof PROFILE_ACTIONS)[number], contract: string) => string,
) {
  return await getProfile(db, userId, {
    suggestedPages: [],
    activityText: (action, contract) =>
      describe(
        (PROFILE_ACTIONS as readonly string[]).includes(action) ? (action as (typeof PROFILE_ACTIONS)[number]) : 'updated',
        contract,
      ),
  });
}
