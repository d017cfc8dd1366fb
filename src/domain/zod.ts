import { z } from "zod";

// zod for the shop's own schemas. In the browser (checkout, My Page) the CSP has no 'unsafe-eval':
// zod's JIT probes `new Function("")` on the first object parse, which the browser refuses and
// reports as a CSP violation (Lighthouse's best practices, "Issues"). Every schema module imports z
// from here, so jitless is set before any of them can parse, whichever the page loads first.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
