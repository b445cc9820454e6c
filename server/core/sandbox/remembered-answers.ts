// A function's answers kept by argument: for a pure function that costs something (a URL parsed), asked on every
// request with the few arguments a deployment sends (its Host headers). An asker sending ever new arguments only
// fills `limit` places before all are forgotten at once, so the memory stays bounded without any bookkeeping.

/** `answer`, each argument's answer worked out once while remembered; at most `limit` remembered. */
export function rememberedAnswers<K, V>(answer: (key: K) => V, limit: number): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = answer(key);
    if (known.size >= limit) known.clear();
    known.set(key, value);
    return value;
  };
}
