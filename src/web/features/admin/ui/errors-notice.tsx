import { Notice } from "../../../ui/notice.tsx";

/** What the API or the form refused, above the form: a paragraph a message. */
export function ErrorsNotice({ errors, testId }: { errors: readonly string[]; testId?: string }) {
  return (
    <Notice tone="danger" testId={testId}>
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </Notice>
  );
}
