import os from "node:os";

/**
 * How long tests may take (decision 055). Every timeout of the suite, in the Vitest and Playwright
 * configurations and in the tests, is written for a two-core machine busy with other work (load
 * average 10–25, where a test runs ten to thirty times slower than on a quiet machine) and passes
 * through `testTime`. A timeout is only a deadline for a test that hangs: a passing test waits for
 * its event and takes no longer for a larger one.
 *
 * `testTime` multiplies by TEST_TIME_SCALE when it is set (a slower machine still), otherwise by 2
 * when the load average per core is over 12 as the run starts (heavier than the machines the
 * timeouts were sized on), otherwise by 1.
 */
export function timeScale(environment: NodeJS.ProcessEnv = process.env, loadPerCore = os.loadavg()[0]! / os.availableParallelism()): number {
  const given = Number(environment.TEST_TIME_SCALE);
  if (environment.TEST_TIME_SCALE && Number.isFinite(given) && given > 0) return given;
  return loadPerCore > 12 ? 2 : 1;
}

const scale = timeScale();

/** A timeout in milliseconds, sized for a loaded two-core machine, times the run's scale. */
export function testTime(milliseconds: number): number {
  return Math.round(milliseconds * scale);
}
