import { z } from 'zod';
import { isoDateParam } from './common';

/** An http(s) address or nothing: links are rendered, so other schemes (javascript:, data:) are refused. */
const webAddress = z
  .string()
  .trim()
  .max(300, 'must be at most 300 characters')
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'must be an http:// or https:// address, or empty');

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'google', 'linkedIn', 'instagram', 'quora'] as const;
export const NOTIFICATION_KEYS = [
  'commentOnArticle',
  'answerOnForm',
  'followMe',
  'newAnnouncements',
  'productUpdates',
  'blogDigest',
] as const;

/**
 * PATCH /api/account/settings: the signed-in user's own settings, one or more sections at a time. The e-mail and
 * user name are the sign-in identity and stay as they are; the role and permissions belong to the administrators.
 */
export const accountSettingsPatch = z
  .object({
    general: z.object({ fullName: text(120), company: text(120) }).strict(),
    info: z
      .object({
        bio: text(1000),
        dob: isoDateParam.nullable(),
        country: text(80),
        website: webAddress,
        phone: text(40).refine((v) => v === '' || /^[+()0-9 ./-]{3,40}$/.test(v), 'may contain digits, spaces and + ( ) . / - only'),
      })
      .strict(),
    social: z
      .object({
        socialLinks: z
          .object(
            Object.fromEntries(SOCIAL_NETWORKS.map((k) => [k, webAddress])) as Record<(typeof SOCIAL_NETWORKS)[number], typeof webAddress>,
          )
          .strict(),
      })
      .strict(),
    notification: z
      .object(
        Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, z.boolean()])) as Record<(typeof NOTIFICATION_KEYS)[number], z.ZodBoolean>,
      )
      .strict(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'name at least one of general, info, social, notification' });
export type AccountSettingsPatch = z.infer<typeof accountSettingsPatch>;
