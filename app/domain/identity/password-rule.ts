/**
 * The password rule (spec 1 §5): at least 8 characters with an uppercase letter, a lowercase letter,
 * a digit and a special character.
 *
 * @example isValidPassword("Cadran-2026!") // true
 * @example isValidPassword("cadran2026")   // false: no uppercase, no special character
 */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= 8 &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

/** Upper bound that keeps argon2 cheap to refuse absurd inputs. */
export const PASSWORD_MAX_LENGTH = 128;
