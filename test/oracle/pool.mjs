// Runs fn over items with at most `jobs` at once, for the oracle scripts; the results keep the items' order.
export async function pool(items, jobs, fn) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i], results);
      }
    }),
  );
  return results;
}
