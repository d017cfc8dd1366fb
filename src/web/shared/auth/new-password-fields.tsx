import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../domain/account.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input } from "../../ui/field.tsx";

interface NewPasswordFieldsProps {
  /** The two labels: sign-up says パスワード, a change or a reset 新しいパスワード. */
  label: string;
  confirmationLabel: string;
  errorOf(field: string): string | undefined;
}

/**
 * A new password and its confirmation (sign-up, reset, My Page's change): the same names, lengths and
 * hint everywhere, so that the browser's password manager and the API's messages meet the same fields.
 */
export function NewPasswordFields({ label, confirmationLabel, errorOf }: NewPasswordFieldsProps) {
  const { t } = useI18n();
  return (
    <>
      <Input
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={t("auth.passwordHint", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        error={errorOf("password")}
      />
      <Input
        label={confirmationLabel}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={errorOf("password_confirmation")}
      />
    </>
  );
}
