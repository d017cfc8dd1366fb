import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { MouseEvent, ReactNode } from "react";
import type { LinkProps } from "react-router";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import type { ButtonVariant } from "../../ui/button.tsx";
import { buttonClass } from "../../ui/button.tsx";
import styles from "./page-transition.module.css";

/** A link click starts the transition; navigation follows after this delay. */
export const TRANSITION_DELAY_MS = 400;
/** How long the full bar stays before it resets. */
const RESET_DELAY_MS = 300;

type Phase = "idle" | "running" | "done";
const widthOf: Record<Phase, number> = { idle: 0, running: 50, done: 100 };

interface PageTransitionApi {
  /** True from a link click until the new page is shown. */
  transitioning: boolean;
  go(to: string): void;
}

const PageTransitionContext = createContext<PageTransitionApi>({ transitioning: false, go: () => undefined });

export function usePageTransition(): PageTransitionApi {
  return useContext(PageTransitionContext);
}

export function PageTransitionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  // The address a clicked link is about to open, from the click until the new location shows.
  const [pendingTo, setPendingTo] = useState<string | null>(null);
  const [wasBusy, setWasBusy] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const navigateTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Adjusting state while rendering (not in an effect) when the router's state changes.
  // Back/forward and programmatic navigations show the bar too.
  const busy = pendingTo !== null || navigation.state !== "idle";
  if (busy !== wasBusy) {
    setWasBusy(busy);
    setFinishing(!busy);
  }
  const phase: Phase = busy ? "running" : finishing ? "done" : "idle";

  const go = useCallback(
    (to: string) => {
      clearTimeout(navigateTimer.current);
      setPendingTo(to);
      navigateTimer.current = setTimeout(() => {
        // navigate() settles once the new page's data is loaded and shown (or the same page reloaded).
        void Promise.resolve(navigate(to)).finally(() => setPendingTo(null));
      }, TRANSITION_DELAY_MS);
    },
    [navigate],
  );

  useEffect(() => {
    if (!finishing) return;
    const timer = setTimeout(() => setFinishing(false), RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [finishing]);

  // Every new page starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => () => clearTimeout(navigateTimer.current), []);

  const api = useMemo(() => ({ transitioning: busy, go }), [busy, go]);
  return (
    <PageTransitionContext.Provider value={api}>
      <div
        className={styles.bar}
        data-phase={phase}
        style={{ width: `${widthOf[phase]}%` }}
        role="progressbar"
        aria-hidden={phase === "idle"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={widthOf[phase]}
        data-testid="page-progress"
      />
      {children}
    </PageTransitionContext.Provider>
  );
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** An in-app link that goes through the page transition. */
export function TransitionLink({ to, onClick, target, ...rest }: LinkProps & { to: string }) {
  const { go } = usePageTransition();
  return (
    <Link
      to={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || target || !isPlainLeftClick(event)) return;
        event.preventDefault();
        go(to);
      }}
      {...rest}
    />
  );
}

/** A TransitionLink drawn as a button: a page's way on (the done pages' next steps, an empty list's way to add). */
export function ButtonLink({ variant = "primary", block = false, className, ...rest }: LinkProps & { to: string; variant?: ButtonVariant; block?: boolean }) {
  return <TransitionLink className={[buttonClass(variant, block), className].filter(Boolean).join(" ")} {...rest} />;
}
