import { z } from 'zod';

export const jwtLoginBody = z.object({
  email: z.string().max(254),
  password: z.string().max(1024),
});

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export const jwtRegisterBody = z.object({
  email: z.string().trim().max(254).pipe(z.email('Enter a valid e-mail address.')),
  password: z.string().min(8, 'The password must have at least 8 characters.').max(256, 'The password must have at most 256 characters.'),
  username: z
    .string()
    .trim()
    .min(3, 'The username must have at least 3 characters.')
    .max(64, 'The username must have at most 64 characters.')
    .regex(USERNAME_PATTERN, 'The username may contain letters, digits, dots, dashes and underscores.'),
});

export const jwtRefreshBody = z.object({ refreshToken: z.string().max(512) });

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password.').max(1024),
  newPassword: z
    .string()
    .min(8, 'The password must have at least 8 characters.')
    .max(256, 'The password must have at most 256 characters.'),
});
