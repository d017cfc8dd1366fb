import { Notice } from "../../ui/notice.tsx";

/**
 * The messages of a form post refused without JavaScript that are not under a field (an expired
 * page, too many attempts) — with JavaScript the page shows them in its snackbar (decision 052).
 */
export function RefusedNotice({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Notice tone="danger" testId="form-refused">
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </Notice>
  );
}
