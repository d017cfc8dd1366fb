/**
 * The signed-in member as the API (GET /api/users) and pages see it: the API contract's User without the
 * secrets, flattened to attributes plus id.
 */
export interface UserResource {
  id: number;
  email: string;
  user_name: string;
  tel: string;
  /** yyyy-mm-dd or null: prefills the order form's date of birth (decision 036). */
  birth_date: string | null;
  /** The member asked for the birthday coupon, mailed in their birth month (decision 086). */
  birthday_coupon: boolean;
  /** A new address waiting for its confirmation link (Devise reconfirmable). */
  unconfirmed_email: string | null;
}

/** Devise's validatable defaults. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** Devise's email format: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
