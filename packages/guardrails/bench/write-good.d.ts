/** write-good 1.0.8 is CommonJS without types; only what the benchmark uses. */
declare module 'write-good' {
  type Suggestion = { index: number; offset: number; reason: string };
  function writeGood(text: string, options?: Record<string, boolean | string[]>): Suggestion[];
  export default writeGood;
}
