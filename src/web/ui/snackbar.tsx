import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";
import styles from "./snackbar.module.css";

/** How long a snackbar stays. */
export const SNACKBAR_MS = 3000;

type SnackbarKind = "success" | "danger" | "info";
interface SnackbarMessage {
  id: number;
  kind: SnackbarKind;
  lines: string[];
}

interface SnackbarApi {
  show(kind: SnackbarKind, lines: string | string[]): void;
}

const SnackbarContext = createContext<SnackbarApi>({ show: () => undefined });

export function useSnackbar(): SnackbarApi {
  return useContext(SnackbarContext);
}

let nextId = 1;

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<SnackbarMessage[]>([]);
  const show = useCallback((kind: SnackbarKind, lines: string | string[]) => {
    const message = { id: nextId++, kind, lines: Array.isArray(lines) ? lines : [lines] };
    setMessages((current) => [...current, message]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <div className={styles.region} aria-live="polite">
        {messages.map((message) => (
          <Snackbar key={message.id} message={message} onDone={() => setMessages((current) => current.filter((m) => m.id !== message.id))} />
        ))}
      </div>
    </SnackbarContext.Provider>
  );
}

function Snackbar({ message, onDone }: { message: SnackbarMessage; onDone(): void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <div className={`${styles.snackbar} ${styles[message.kind]}`} role={message.kind === "danger" ? "alert" : "status"}>
      {message.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
