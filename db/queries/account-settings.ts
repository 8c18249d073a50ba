import { transaction } from '../transaction';
import { eq } from 'drizzle-orm';
import { NotFound } from '@/lib/domain/errors';
import type { AccountSettingsPatch } from '@/lib/validations/account-settings';
import type { Db } from '../client';
import { users, userProfiles } from '../tables';
import { recordAudit } from './audit';
import { getAccountSettings } from './workspace/content';

type Settings = NonNullable<Awaited<ReturnType<typeof getAccountSettings>>>;

/** The audited view of the settings: what the user may change, without the avatar and connections they may not. */
function auditedOf(s: Settings) {
  return {
    general: { fullName: s.general.fullName, company: s.general.company },
    info: s.info,
    social: { socialLinks: s.social.socialLinks },
    notification: s.notification,
  };
}

/**
 * Changes the user's own account settings, section by section (a section not named stays as it is), in one IMMEDIATE
 * transaction with one audit row (entity user, action settings) holding the before and after of what changed. The
 * full name, company and country live on the user; the rest in user_profiles (created on first change).
 */
export async function updateAccountSettings(db: Db, userId: number, patch: AccountSettingsPatch, now = Date.now()): Promise<Settings> {
  return await transaction(db, async (tx) => {
    const before = await getAccountSettings(tx, userId);
    if (!before) throw new NotFound(`User ${userId} does not exist.`);
    const userSet: Partial<typeof users.$inferInsert> = {};
    if (patch.general) Object.assign(userSet, { fullName: patch.general.fullName, company: patch.general.company });
    if (patch.info) userSet.country = patch.info.country;
    if (Object.keys(userSet).length)
      await tx
        .update(users)
        .set({ ...userSet, updatedAt: now })
        .where(eq(users.id, userId));

    const profileSet: Partial<typeof userProfiles.$inferInsert> = {};
    if (patch.info)
      Object.assign(profileSet, { bio: patch.info.bio, dob: patch.info.dob, website: patch.info.website, phone: patch.info.phone });
    if (patch.social) profileSet.socialLinks = JSON.stringify(patch.social.socialLinks);
    if (patch.notification) profileSet.notifications = JSON.stringify(patch.notification);
    if (Object.keys(profileSet).length) {
      await tx
        .insert(userProfiles)
        .values({ userId, ...profileSet, updatedAt: now })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { ...profileSet, updatedAt: now } });
    }

    const after = (await getAccountSettings(tx, userId))!;
    const sections = Object.keys(patch) as (keyof ReturnType<typeof auditedOf>)[];
    const pick = (s: Settings) => Object.fromEntries(sections.map((k) => [k, auditedOf(s)[k]]));
    await recordAudit(
      tx,
      { actor: userId, entity: 'user', entityId: userId, action: 'settings', before: pick(before), after: pick(after) },
      now,
    );
    return after;
  });
}
