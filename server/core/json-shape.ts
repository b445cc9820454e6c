// The size and depth of a parsed JSON value, measured without recursion (so no input can overflow the stack here).

export interface JsonShape {
  /** How many values (objects, arrays and scalars) it holds, itself included. */
  values: number;
  /** Whether it nests deeper than the limit asked about; counting stops there. */
  tooDeep: boolean;
}

export function measureJson(value: unknown, maxDepth: number): JsonShape {
  const pending: unknown[] = [value];
  const depths: number[] = [0];
  let values = 0;
  while (pending.length > 0) {
    const next = pending.pop();
    const depth = depths.pop()!;
    values += 1;
    if (typeof next !== 'object' || next === null) continue;
    if (depth >= maxDepth) return { values, tooDeep: true };
    for (const child of Array.isArray(next) ? next : Object.values(next)) {
      pending.push(child);
      depths.push(depth + 1);
    }
  }
  return { values, tooDeep: false };
}
