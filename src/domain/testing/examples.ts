import { describe, expect, it } from "vitest";

/**
 * A rule of a pure function told as examples: one test per example, named by its input and
 * answer, under the rule's own wording. A wrong answer names the example it broke, and the ones
 * after it still run (a list of `expect` lines stops at the first). Answers are compared with
 * `toEqual`, which for strings, numbers, booleans, null and undefined is `toBe`'s `Object.is`.
 *
 * A function of several arguments takes them as one tuple: `examples(rule, ([a, b]) => f(a, b), …)`.
 * Lives under src/domain so the domain's own tests can use it (domain/ imports nothing of server/).
 */
export function examples<I, O>(rule: string, answer: (input: I) => O, cases: ReadonlyArray<readonly [input: I, expected: O]>): void {
  describe(rule, () => {
    it.each(cases.map(([input, expected]) => ({ input, expected })))("$input → $expected", ({ input, expected }) => {
      expect(answer(input)).toEqual(expected);
    });
  });
}
