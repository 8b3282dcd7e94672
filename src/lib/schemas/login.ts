/**
 * Login payload: both fields required. The response is `{ token }`.
 */
import * as v from 'valibot';
import {
  LIMITS,
  REQUIRED_MESSAGE,
  requiredText,
  tooLongMessage,
  withoutControlCharacters,
} from './fields.ts';

export const LoginSchema = v.object({
  username: requiredText(LIMITS.name),
  /**
   * Not trimmed: spaces may be part of a password. Bounded so hashing stays cheap. No control
   * characters: a password field cannot take them, and `npm run hash-password` refuses them too.
   */
  password: v.pipe(
    v.nullish(v.string(REQUIRED_MESSAGE), ''),
    v.nonEmpty(REQUIRED_MESSAGE),
    withoutControlCharacters(),
    v.maxLength(LIMITS.password, tooLongMessage(LIMITS.password)),
  ),
});

export type LoginInput = v.InferOutput<typeof LoginSchema>;

export interface LoginResponse {
  token: string;
}
