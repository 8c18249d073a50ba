import { z } from 'zod';
import { USERNAME_PATTERN } from './auth';
import { bodyIdSchema, idParam, pageParam, perPageParam, qParam } from './common';
import { EXPORT_FORMATS, EXPORT_LOCALES } from './leases';

/** The same values as db/schema/auth.ts (kept here so client code need not import the schema). */
export const USER_ROLES = ['admin', 'analyst', 'viewer', 'client'] as const;
export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export const USER_PLANS = ['basic', 'company', 'enterprise', 'team'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];
export type UserPlan = (typeof USER_PLANS)[number];

/** An optional exact filter: the template sends '' for "no filter". */
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional());

/** GET /api/users/list/data: q matches username or full name (case-insensitive); role, plan and status are exact. */
export const usersListQuery = z.object({
  q: qParam,
  page: pageParam,
  perPage: perPageParam(10),
  role: optionalFilter(USER_ROLES),
  currentPlan: optionalFilter(USER_PLANS),
  status: optionalFilter(USER_STATUSES),
});
export type UsersListQuery = z.infer<typeof usersListQuery>;

/** GET /api/users/export: the list's filters (the whole filtered list), format and header language. */
export const usersExportQuery = usersListQuery.omit({ page: true, perPage: true }).extend({
  format: z.enum(EXPORT_FORMATS, { error: 'must be csv or xlsx' }).default('csv'),
  locale: z.enum(EXPORT_LOCALES, { error: 'must be en, de, fr or pt' }).default('en'),
});

/** GET /api/users/user?id=, PATCH /api/users/user?id= and DELETE /apps/users/delete?id= (there the id may come in the body instead). */
export const userIdQuery = z.object({ id: idParam.optional() });
export const userIdBody = z.object({ id: bodyIdSchema });

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** POST /apps/users/add-user: the user itself (not wrapped), with the password it signs in with. */
export const addUserBody = z.object({
  fullName: text(120).min(1, 'is required'),
  username: z
    .string({ error: 'is required' })
    .trim()
    .min(3, 'must have at least 3 characters')
    .max(64, 'must be at most 64 characters')
    .regex(USERNAME_PATTERN, 'may contain letters, digits, dots, dashes and underscores'),
  email: z
    .string({ error: 'is required' })
    .trim()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('must be a valid e-mail address')),
  role: z.enum(USER_ROLES, { error: `must be one of ${USER_ROLES.join(', ')}` }),
  password: z.string({ error: 'is required' }).min(8, 'must have at least 8 characters').max(256, 'must be at most 256 characters'),
  company: text(120).default(''),
  country: text(80).default(''),
  contact: text(40).default(''),
  currentPlan: z.enum(USER_PLANS, { error: `must be one of ${USER_PLANS.join(', ')}` }).default('basic'),
  status: z.enum(USER_STATUSES, { error: `must be one of ${USER_STATUSES.join(', ')}` }).default('active'),
  avatar: z.string().trim().max(500, 'must be at most 500 characters').nullable().optional(),
});
export type AddUserBody = z.infer<typeof addUserBody>;

/** PATCH /api/users/user?id=: a role change revokes the user's sessions; at least one field. */
export const updateUserBody = z
  .object({
    role: z.enum(USER_ROLES, { error: `must be one of ${USER_ROLES.join(', ')}` }).optional(),
    status: z.enum(USER_STATUSES, { error: `must be one of ${USER_STATUSES.join(', ')}` }).optional(),
    currentPlan: z.enum(USER_PLANS, { error: `must be one of ${USER_PLANS.join(', ')}` }).optional(),
  })
  .refine((b) => b.role !== undefined || b.status !== undefined || b.currentPlan !== undefined, {
    message: 'name at least one of role, status, currentPlan',
  });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** A user as the directory shows it: never the password hash or session data. */
export const directoryUser = z.object({
  id: z.number().int(),
  fullName: z.string(),
  company: z.string(),
  role: z.enum(USER_ROLES),
  username: z.string(),
  country: z.string(),
  contact: z.string(),
  email: z.string(),
  currentPlan: z.enum(USER_PLANS),
  status: z.enum(USER_STATUSES),
  avatar: z.string().nullable(),
  authProvider: z.enum(['credentials', 'oidc']),
  hasPassword: z.boolean(),
});
export type DirectoryUser = z.infer<typeof directoryUser>;

export const usersAllDataResponse = z.array(directoryUser);
export const usersListResponse = z.object({ users: z.array(directoryUser), total: z.number().int() });
export const userResponse = z.object({ user: directoryUser });
export const userDeletedResponse = z.object({ deleted: z.number().int() });
