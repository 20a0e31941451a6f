/**
 * React keys for a list as the server sent it: each item's own key (its id, its name), and for
 * an item whose key came earlier in the list that key with a count after it. The server should
 * never repeat one, but an answer that does must still draw every row it holds: React, given two
 * children with one key, warns and may drop or duplicate rows when the list changes. A list
 * without repeats keeps its plain keys, so rows keep their identity across answers.
 */
export function uniqueKeys<T>(items: readonly T[], keyOf: (item: T) => string | number): string[] {
  const used = new Set<string>();
  // The next count to try for each key that repeated: a list of one id 10,000 times stays linear.
  const nextCount = new Map<string, number>();
  return items.map((item) => {
    const own = String(keyOf(item));
    let key = own;
    if (used.has(own)) {
      let count = nextCount.get(own) ?? 2;
      while (used.has(`${own}#${count}`)) count += 1;
      key = `${own}#${count}`;
      nextCount.set(own, count + 1);
    }
    used.add(key);
    return key;
  });
}
