/**
 * Common English words that say nothing about what an investor asks: dropped from the retrieval
 * query and ignored when the built-in drafter scores sentences, so both read a question alike.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being ' +
    'below best between both but by can could dear did do does doing down during each few for from ' +
    'further get got had has have having he hello her here hers hi him his how i if in into is it its ' +
    'itself just kind know let like many may me might more most much my no nor not now of off on once ' +
    'only or other our ours out over own please regards same she should so some such than thank thanks ' +
    'that the their theirs them then there these they this those through to too under until up us very ' +
    'want was we well were what when where which while who whom why will with would you your yours'
  ).split(' '),
);
