/** The Node flags of package.json's start script (or BENCH_NODE_FLAGS). */
export function serverNodeFlags(): string[];
