import { Notice } from "../../../ui/notice.tsx";

/**
 * What the API or the form refused, above the form: a paragraph a message, each once (the API may
 * send one message for two fields, and the message is the paragraph's key).
 */
export function ErrorsNotice({ errors, testId }: { errors: readonly string[]; testId?: string }) {
  return (
    <Notice tone="danger" testId={testId}>
      {[...new Set(errors)].map((message) => (
        <p key={message}>{message}</p>
      ))}
    </Notice>
  );
}
