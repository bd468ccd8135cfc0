import { z } from 'zod';
import { MSG } from '../messages';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
  email: z.email('Enter a valid email address').max(254),
  password: z.string().min(PASSWORD_MIN_LENGTH, MSG.passwordHint).max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const loginSchema = z.object({
  email: z.email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;
