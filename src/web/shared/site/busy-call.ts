import { useState } from "react";

/**
 * A button's one call to the API, said once: `busy` while it runs (the button says so and cannot
 * be pressed twice), and a request that fails outright (offline, the server down) is logged under
 * `what` and handed to `onFailure` — the page shows its own words — instead of reaching React.
 */
export function useBusyCall() {
  const [busy, setBusy] = useState(false);

  async function run(what: string, call: () => Promise<void>, onFailure: () => void) {
    setBusy(true);
    try {
      await call();
    } catch (failure) {
      console.warn(what, failure);
      onFailure();
    } finally {
      setBusy(false);
    }
  }

  return { busy, run };
}
